/** The entry under `key`, or undefined where a store's `get` would throw for a missing one. */
export function held<V>(
  store: { has(key: string): boolean; get(key: string): V },
  key: string,
): V | undefined {
  return store.has(key) ? store.get(key) : undefined
}
