/** The reader's languages in order of preference, as the browser reports them (none outside a browser). */
export function browserLanguages(): readonly string[] {
  const found = globalThis.navigator
  return found?.languages ?? (found?.language ? [found.language] : [])
}
