import { del, entries, get, keys, set, type UseStore } from 'idb-keyval'
import { idbObjectStore } from './idbObjectStore.js'
import { type KeyValueStorage, toJsonValue } from './keyValueStorage.js'

export type IdbStorageOptions = { database?: string; objectStore?: string }

/**
 * Browser storage in IndexedDB through idb-keyval; survives reloads. Its object store is added to the database
 * when missing, so several instances can share one database, each with a store of its own.
 */
export class IdbStorage implements KeyValueStorage {
  private readonly store: UseStore

  constructor({ database = 'pairwise', objectStore = 'keyvaluestorage' }: IdbStorageOptions = {}) {
    this.store = idbObjectStore(database, objectStore)
  }

  async getKeys(): Promise<string[]> {
    return (await keys(this.store)).filter((key): key is string => typeof key === 'string')
  }

  /** Leaves out a record another script stored as undefined: `getItem` reads it as absent, as FileStorage does. */
  async getEntries<T = unknown>(): Promise<[string, T][]> {
    return (await entries<IDBValidKey, T | undefined>(this.store)).filter(
      (entry): entry is [string, T] => typeof entry[0] === 'string' && entry[1] !== undefined,
    )
  }

  async getItem<T = unknown>(key: string): Promise<T | undefined> {
    return get<T>(key, this.store)
  }

  async setItem<T = unknown>(key: string, value: T): Promise<void> {
    await set(key, toJsonValue(key, value), this.store)
  }

  async removeItem(key: string): Promise<void> {
    await del(key, this.store)
  }
}
