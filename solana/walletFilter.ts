import type { SolanaChain } from './chains.js'
import { featureOf, type Wallet } from './walletStandard.js'

/**
 * The Solana wallets the modal lists (research §6): they connect, report changes, can sign or sign and send a
 * transaction, and serve at least one of the app's chains. A wallet calling itself WalletConnect is a bridge
 * to what the WalletConnect connector already offers.
 */
export function isUsableSolanaWallet(wallet: Wallet, appChains: readonly SolanaChain[]): boolean {
  return (
    wallet.name !== 'WalletConnect' &&
    featureOf(wallet, 'standard:connect') !== undefined &&
    featureOf(wallet, 'standard:events') !== undefined &&
    (featureOf(wallet, 'solana:signAndSendTransaction') !== undefined ||
      featureOf(wallet, 'solana:signTransaction') !== undefined) &&
    wallet.chains.some((chain) => (appChains as readonly string[]).includes(chain))
  )
}
