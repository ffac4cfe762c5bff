import { isSolanaAddress } from '@pairwise/modal/adapter'
import { getBase58Encoder } from '@solana/kit'
import type { WalletAccount } from '@wallet-standard/base'

/**
 * Whether `publicKey` is the key `address` names (a Solana address is its 32-byte public key in base58). A
 * wallet answering the address of one key with the bytes of another would have the modal show and send from
 * the address while the app verifies signatures and builds transactions with `provider.publicKey`.
 */
export function isKeyOfAddress(address: string, publicKey: unknown): boolean {
  if (!isSolanaAddress(address) || !(publicKey instanceof Uint8Array) || publicKey.length !== 32) return false
  const named = getBase58Encoder().encode(address)
  return named.length === 32 && named.every((byte, i) => byte === publicKey[i])
}

/** The wallet's accounts the adapter takes: a Solana address, and the public key it names. */
export function usableAccounts(accounts: readonly WalletAccount[]): WalletAccount[] {
  return accounts.filter((account) => isKeyOfAddress(account.address, account.publicKey))
}
