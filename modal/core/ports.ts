/** Timers, injectable so tests drive time by hand. */
export type Clock = {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** Storage shaped like `localStorage` (the page's, or a map in tests and on the server). */
export type KeyValue = {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}
