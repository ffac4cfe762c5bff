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
    // Past a capacity of at least one, the set is never empty: there is always an oldest key.
    if (this.#keys.size > this.#capacity) this.#keys.delete(this.#keys.values().next().value!)
    return false
  }
}

/**
 * A message's key in the window: its length and two 32-bit FNV-1a hashes (different offsets) of topic
 * and message, its base64 padding (the only place `=` occurs in base64) left out: the envelope decoder
 * takes padding as optional, so a copy a relay re-sends without it would otherwise pass as new.
 * Synchronous on purpose: a SHA-256 through Web Crypto costs a thread-pool round trip on every publish
 * and every delivery, on the path of each connect and request. The key needs no collision
 * resistance: envelopes carry a random nonce, so no one can aim a collision at a message not yet sent,
 * and matching one already seen only drops the copy, as the relay could anyway.
 */
export function messageKey(topic: string, message: string): string {
  const text = `${topic}\n${message.replace(/=/g, '')}`
  let low = 0x811c9dc5
  let high = 0x01000193
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    low = Math.imul(low ^ unit, 0x01000193)
    high = Math.imul(high ^ unit, 0x01000193) ^ (low >>> 15)
  }
  return `${text.length}:${(low >>> 0).toString(36)}:${(high >>> 0).toString(36)}`
}
