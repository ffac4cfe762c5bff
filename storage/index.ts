export { IdbStorage, type IdbStorageOptions } from './idbStorage.js'
export {
  type KeyValueStorage,
  type ReportProblem,
  type StorageProblem,
  toJsonValue,
} from './keyValueStorage.js'
export { MemoryStorage } from './memoryStorage.js'
export { defaultStoragePrefix, type StorageKeyOptions, storageKey, storageVersion } from './storageKey.js'
export { StoreError, TypedStore, type TypedStoreOptions } from './typedStore.js'
