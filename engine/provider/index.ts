export { assertEip155Params } from './eip155.js'
export { ProviderErrorCode, ProviderErrorMessage, ProviderRpcError } from './errors.js'
export {
  HTTP_RPC_MAX_LISTENERS,
  HttpRpcConnection,
  type HttpRpcConnectionOptions,
  type HttpRpcState,
} from './httpRpc.js'
export { PROVIDER_STORAGE_PREFIX } from './state.js'
export type {
  Eip1193Provider,
  NamespaceConfig,
  NamespaceConfigs,
  PairingsCleanupOpts,
  ProviderConnectParams,
  ProviderEventMap,
  ProviderEvents,
  ProviderSignInResult,
  RequestArguments,
  SendAsyncCallback,
  UniversalProviderOptions,
} from './types.js'
export { UniversalProvider } from './universalProvider.js'
