export { ProviderErrorCode, ProviderRpcError } from './errors.js'
export { SessionProvider, type SessionProviderOptions } from './sessionProvider.js'
export type { Eip1193Provider, ProviderEvents, RequestArguments } from './types.js'
