import { internalError } from '../errors.js'

export type DeletedKind = 'pairing' | 'session' | 'proposal' | 'request'

/** How many deleted ids and topics are remembered; the official clients keep 200. */
export const RECENTLY_DELETED_LIMIT = 200

/**
 * Topics and ids deleted lately, so late calls about them fail clearly instead of as "no matching key".
 * When full, the oldest half is forgotten at once, so the cost stays flat.
 */
export class RecentlyDeleted {
  readonly #entries = new Map<string, DeletedKind>()
  readonly #limit: number

  constructor(limit = RECENTLY_DELETED_LIMIT) {
    this.#limit = limit
  }

  get size(): number {
    return this.#entries.size
  }

  add(id: string | number, kind: DeletedKind): void {
    const key = String(id)
    this.#entries.delete(key)
    this.#entries.set(key, kind)
    if (this.#entries.size < this.#limit) return
    let drop = Math.floor(this.#limit / 2)
    for (const oldest of this.#entries.keys()) {
      if (drop-- <= 0) break
      this.#entries.delete(oldest)
    }
  }

  has(id: string | number): boolean {
    return this.#entries.has(String(id))
  }

  /** Throws MISSING_OR_INVALID when `id` was deleted recently. */
  check(id: string | number): void {
    const kind = this.#entries.get(String(id))
    if (kind !== undefined)
      throw internalError('MISSING_OR_INVALID', `Record was recently deleted - ${kind}: ${id}`)
  }
}
