import type { ChainAdapter } from '../adapters/types.js'
import type { ChainNamespace } from '../networks/types.js'
import type { AppStore } from '../state/createState.js'
import type { EventBus } from './events.js'
import type { ResolvedOptions } from './options.js'

export type Clock = {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export type KeyValue = {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** Everything a controller works on; one per modal instance. */
export type ModalContext = {
  store: AppStore
  options: ResolvedOptions
  adapters: Map<ChainNamespace, ChainAdapter>
  events: EventBus
  clock: Clock
  memory: KeyValue
  isMobile(): boolean
}
