export { FileStorage, type FileStorageOptions } from './fileStorage.js'
