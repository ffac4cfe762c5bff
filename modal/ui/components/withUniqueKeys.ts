/**
 * Each of `items` with a React key: `keyOf(item)`, and for a later item whose key is taken, that key with a
 * count. Two rows sharing a key make React keep a row it should drop or drop one it should keep, and an
 * answer may well list a thing twice or cut two ids to the same text.
 */
export function withUniqueKeys<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
): { key: string; item: T }[] {
  const taken = new Set<string>()
  return items.map((item) => {
    const base = keyOf(item)
    let key = base
    for (let count = 2; taken.has(key); count++) key = `${base}#${count}`
    taken.add(key)
    return { key, item }
  })
}
