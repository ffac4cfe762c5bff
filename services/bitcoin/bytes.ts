/** Whether two byte strings are the same (not constant-time: nothing here is secret). */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i])
}
