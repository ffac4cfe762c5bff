/**
 * Remembers the most recent `capacity` keys. The relay delivers at least once, so the same message may
 * arrive again after a reconnect; bounded so a long-lived client does not grow without limit.
 */
export class DedupeWindow {
  readonly #capacity: number
  readonly #keys = new Set<string>()

  constructor(capacity: number) {
    this.#capacity = capacity
  }

  /** Records `key`; true when it was already in the window. */
  seen(key: string): boolean {
    if (this.#keys.has(key)) return true
    this.#keys.add(key)
    if (this.#keys.size > this.#capacity) {
      const oldest = this.#keys.values().next()
      if (!oldest.done) this.#keys.delete(oldest.value)
    }
    return false
  }
}
