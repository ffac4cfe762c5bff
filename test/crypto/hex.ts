/** Test-side hex decoding through Node, independent of the codec under test. */
export function hex(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'hex'))
}

export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex')
}
