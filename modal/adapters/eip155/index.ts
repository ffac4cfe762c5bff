export {
  Eip155Adapter,
  type Eip155AdapterOptions,
  injectedDetectionMs,
  revokeTimeoutMs,
  type WalletCall,
} from './eip155Adapter.js'
export type { ContractWrite, Receipt, TransactionRequest } from './walletActions.js'
export { walletConnectOnlyAdapter } from './walletConnectOnly.js'
