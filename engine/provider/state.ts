import type { Logger } from '@pairwise/common'
import * as v from '@pairwise/common/schema'
import type { KeyValueStorage } from '@pairwise/storage'
import { ProposalNamespaceSchema } from '../schemas/index.js'
import type { NamespaceConfigs } from './types.js'

/** Every key the provider writes starts with this, as the official universal provider's do (PROV-04). */
export const PROVIDER_STORAGE_PREFIX = 'wc@2:universal_provider:'

const ProviderStateSchema = v.object({
  topic: v.string(),
  namespaces: v.record(v.string(), ProposalNamespaceSchema),
})

/** What a reload needs beyond the session itself: which session, its rpcMap and default chains. */
export type ProviderState = { topic: string; namespaces: NamespaceConfigs }

/** Reads, writes and forgets the provider's state in the client's storage; bad entries are dropped. */
export class ProviderStateStore {
  readonly key: string
  readonly #storage: KeyValueStorage
  readonly #logger: Logger

  constructor(storage: KeyValueStorage, logger: Logger, customStoragePrefix?: string) {
    this.#storage = storage
    this.#logger = logger
    this.key = `${PROVIDER_STORAGE_PREFIX}${customStoragePrefix ? `${customStoragePrefix}:` : ''}/namespaces`
  }

  async load(): Promise<ProviderState | undefined> {
    const stored = await this.#storage.getItem(this.key).catch((error: unknown) => {
      this.#logger.warn('could not read the provider state', { key: this.key, error: String(error) })
      return undefined
    })
    if (stored === undefined) return undefined
    const parsed = ProviderStateSchema.safeParse(stored)
    if (parsed.success) return parsed.data
    this.#logger.warn('dropped a corrupt provider state', { key: this.key })
    await this.clear()
    return undefined
  }

  save(state: ProviderState): Promise<void> {
    return this.#storage.setItem(this.key, state)
  }

  clear(): Promise<void> {
    return this.#storage.removeItem(this.key)
  }
}
