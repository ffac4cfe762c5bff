/**
 * `@pairwise/solana`: the solana namespace for the modal, over the Wallet Standard and `@solana/kit`. An app
 * that imports none of it loads none of it.
 */
export { clusterReferences, type SolanaChain, solanaChainOf, solanaChains } from './chains.js'
export type { PriorityFee } from './computeBudget.js'
export { SolanaError, type SolanaErrorCode, solanaErrors } from './errors.js'
export {
  defineSolanaNetwork,
  type SolanaNetworkInput,
  solana,
  solanaDevnet,
  solanaTestnet,
} from './networks.js'
export { isPreflightCommitment, type PreflightCommitment, preflightCommitments } from './preflight.js'
export type { SolanaProvider, SolanaProviderEvents, SolanaSignIn } from './provider.js'
export { signInMessageText } from './signInMessage.js'
export { SolanaAdapter, type SolanaAdapterOptions } from './solanaAdapter.js'
export type { TokenAccountBalance } from './tokens.js'
export type { SerializableTransaction, SolanaTransactionInput } from './transactionInput.js'
export type { TransferRequest } from './transfer.js'
export type { SendOptions, SolanaSignInInput } from './walletStandard.js'
