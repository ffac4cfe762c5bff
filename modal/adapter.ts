/**
 * `@pairwise/modal/adapter`: what a chain adapter package (`@pairwise/solana`, and Bitcoin's to come) builds
 * on: the adapter contract, the shared WalletConnect transport, the modal's errors and the checks it applies
 * to addresses, links and the wallets a page announces. Apps do not need it.
 */

export { disconnectForApp } from './adapters/disconnectForApp.js'
export { parseUnits } from './adapters/eip155/units.js'
export { onSessionEnd } from './adapters/onSessionEnd.js'
export type {
  AdapterContext,
  Balance,
  ChainAdapter,
  ConnectParams,
  ConnectResult,
  NamespaceProviders,
} from './adapters/types.js'
export {
  type WalletConnectSession,
  type WalletConnectTransport,
  walletConnectConnectorId,
  withWalletConnect,
} from './adapters/walletConnectTransport.js'
export type { MultiNamespace } from './controllers/context.js'
export { WalletError } from './controllers/errors.js'
export { finerThan } from './controllers/finerThan.js'
export { multiNamespace } from './controllers/multiNamespace.js'
export { safeUrl } from './core/safeUrl.js'
export { isSolanaAddress } from './core/validation.js'
export { admissionRefusal } from './core/walletAdmission.js'
export { type HostedRpc, rpcUrlFor } from './networks/hostedRpc.js'
export type { CaipNetwork } from './networks/types.js'
export type { ConnectorInfo } from './state/types.js'
