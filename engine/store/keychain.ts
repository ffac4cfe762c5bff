import { type KeyValueStorage, type ReportProblem, TypedStore } from '@pairwise/storage'
import { internalError } from '../errors.js'
import { type KeychainEntry, KeychainEntrySchema } from '../schemas/index.js'

/**
 * Key material by tag, as hex: a topic's symmetric key under the topic, an X25519 private key under its
 * public key, and the relay identity seed under a fixed name.
 */
export class Keychain {
  readonly #store: TypedStore<KeychainEntry>

  constructor(options: { storage: KeyValueStorage; storageKey: string; onProblem?: ReportProblem }) {
    this.#store = new TypedStore({
      ...options,
      name: 'keychain',
      schema: KeychainEntrySchema,
      keyOf: (entry) => entry.tag,
    })
  }

  init(): Promise<void> {
    return this.#store.init()
  }

  has(tag: string): boolean {
    return this.#store.has(tag)
  }

  get(tag: string): string {
    if (!this.#store.has(tag)) throw internalError('NO_MATCHING_KEY', `keychain: ${tag}`)
    return this.#store.get(tag).key
  }

  set(tag: string, key: string): Promise<void> {
    return this.#store.set(tag, { tag, key })
  }

  delete(tag: string): Promise<void> {
    return this.#store.delete(tag)
  }
}
