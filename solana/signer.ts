import type { CaipNetwork } from '@pairwise/modal/adapter'
import type { SendOptions, SolanaSignInInput } from './walletStandard.js'

export type SolanaSignIn = {
  address: string
  publicKey: Uint8Array
  signedMessage: Uint8Array
  signature: Uint8Array
}

/**
 * How a connection reaches its wallet: a Wallet Standard wallet in the page, or a WalletConnect session.
 * The provider apps use is built over either the same way.
 */
export type SolanaSigner = {
  readonly walletName: string
  readonly address: string
  readonly publicKey: Uint8Array
  signMessage(message: Uint8Array, network: CaipNetwork): Promise<Uint8Array>
  /**
   * The signed transaction's wire bytes, as the wallet answers them (its message possibly changed, as by a
   * priority fee): the provider, not each signer, verifies the account's signature in them.
   */
  signTransaction(transaction: Uint8Array, network: CaipNetwork): Promise<Uint8Array>
  /** Several in one request, so the user approves them once (each answered as above); absent: one each. */
  signAllTransactions?(transactions: Uint8Array[], network: CaipNetwork): Promise<Uint8Array[]>
  /** The wallet signs and sends; the base58 signature. Absent: the app's RPC sends what it signed. */
  signAndSend?(transaction: Uint8Array, network: CaipNetwork, options: SendOptions): Promise<string>
  /** The wallet's own Sign-In With Solana; absent: the adapter signs the message text itself. */
  signIn?(input: SolanaSignInInput): Promise<SolanaSignIn>
}
