export type { WalletCall } from '../types.js'
export {
  Eip155Adapter,
  type Eip155AdapterOptions,
  injectedDetectionMs,
  revokeTimeoutMs,
} from './eip155Adapter.js'
export type { ContractWrite, Receipt, TransactionRequest } from './walletActions.js'
export { walletConnectOnlyAdapter } from './walletConnectOnly.js'
