import { StorageUnavailableError } from './errors.js'
import type { KeyValueStore } from './keyValueStore.js'

/**
 * The store with every failure reported as StorageUnavailableError (the browser's error kept as its
 * cause). idb-keyval opens IndexedDB on first use, so a blocked browser fails here, synchronously or not.
 */
export function guardedStore(store: KeyValueStore): KeyValueStore {
  const guard = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (cause) {
      throw new StorageUnavailableError({ cause })
    }
  }
  return {
    get: (key) => guard(() => store.get(key)),
    set: (key, value) => guard(() => store.set(key, value)),
    del: (key) => guard(() => store.del(key)),
  }
}
