import type { KeyValueStore } from '../../../../../services/frame/custody/index.js'

/** A Map that clones on the way in and out, as IndexedDB does (CryptoKey and Uint8Array survive it). */
export class CloningStore implements KeyValueStore {
  readonly entries = new Map<string, unknown>()
  async get(key: string) {
    return structuredClone(this.entries.get(key))
  }
  async set(key: string, value: unknown) {
    this.entries.set(key, structuredClone(value))
  }
  async del(key: string) {
    this.entries.delete(key)
  }
}
