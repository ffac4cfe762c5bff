import type { KeyValueStore } from '../../../../services/frame/custody/index.js'
import type { FrameChain } from '../../../../services/frame/index.js'

/** The frame's key-value storage in memory, its entries open to the test. */
export class MapStore implements KeyValueStore {
  readonly entries = new Map<string, unknown>()
  async get(key: string) {
    return this.entries.get(key)
  }
  async set(key: string, value: unknown) {
    this.entries.set(key, value)
  }
  async del(key: string) {
    this.entries.delete(key)
  }
}

/** A chain the frame lists whose RPC nobody answers (port 9, discard). */
export const unreachableChain: FrameChain = {
  chainId: 10,
  name: 'Elsewhere',
  rpcUrl: 'http://127.0.0.1:9',
  nativeCurrency: { symbol: 'ETH', decimals: 18 },
}
