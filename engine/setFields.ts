/** The fields of `source` named in `keys` that are set; the others stay absent rather than undefined. */
export function setFields<T, K extends keyof T>(source: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const picked: Partial<Pick<T, K>> = {}
  for (const key of keys) if (source[key] !== undefined) picked[key] = source[key]
  return picked
}
