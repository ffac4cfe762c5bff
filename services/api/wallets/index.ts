export {
  ICON_FILE,
  MAX_ICON_BYTES,
  MAX_REGISTRY_FILE_BYTES,
  MAX_REGISTRY_WALLETS,
  parseRegistryFile,
  type RegistryFileWallet,
} from './registryFile.js'
export {
  defaultRegistryFile,
  type WalletRegistryOptions,
  walletRegistryRoutes,
} from './routes.js'
export { ICON_HEADERS } from './walletIcons.js'
export { type ParseFile, WatchedJsonFile, type WatchedJsonFileOptions } from './watchedJsonFile.js'
