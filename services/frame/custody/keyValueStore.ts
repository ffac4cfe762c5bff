/**
 * Where the device vault keeps its records: values must survive structured cloning (CryptoKey and
 * Uint8Array do). The frame passes idb-keyval's functions over createStore('pairwise-frame', 'vault');
 * tests pass a Map.
 */
export interface KeyValueStore {
  get(key: string): Promise<unknown>
  set(key: string, value: unknown): Promise<void>
  del(key: string): Promise<void>
}
