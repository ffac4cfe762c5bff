import type { TypedStore } from '@pairwise/storage'
import { internalError } from './errors.js'

/**
 * The read side of a store as the official client exposes it (`client.session.getAll()`, `.get()`,
 * `.keys`, …), with proposal and request stores keyed by number as there.
 */
export class StoreView<Key extends string | number, Value> {
  readonly #store: TypedStore<Value>
  readonly #toKey: (stored: string) => Key

  constructor(store: TypedStore<Value>, toKey: (stored: string) => Key) {
    this.#store = store
    this.#toKey = toKey
  }

  get name(): string {
    return this.#store.name
  }

  get keys(): Key[] {
    return this.#store.keys.map(this.#toKey)
  }

  get values(): Value[] {
    return this.#store.getAll()
  }

  get length(): number {
    return this.#store.length
  }

  getAll(filter?: Partial<Value>): Value[] {
    if (filter === undefined) return this.#store.getAll()
    const wanted = Object.entries(filter) as [keyof Value, unknown][]
    return this.#store
      .getAll()
      .filter((value) =>
        wanted.every(([field, expected]) => JSON.stringify(value[field]) === JSON.stringify(expected)),
      )
  }

  get(key: Key): Value {
    if (!this.#store.has(String(key))) throw internalError('NO_MATCHING_KEY', `${this.#store.name}: ${key}`)
    return this.#store.get(String(key))
  }
}
