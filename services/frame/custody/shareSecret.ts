import { combine } from 'shamir-secret-sharing'
import { type Address, isAddressEqual } from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { TamperedShareError } from './errors.js'
import { ENTROPY_BYTES, type WalletSecret, walletSecretOf } from './walletSecret.js'

/** Any two of a wallet's three shares, and the address the wallet was registered with. */
export type ShareInput = { shares: readonly [Uint8Array, Uint8Array]; address: Address }
export type OpenedWallet = WalletSecret & { account: PrivateKeyAccount }

/**
 * Combines two shares and proves the result by re-deriving the wallet's address. Any failure (too few,
 * duplicate or malformed shares, a different address) is a TamperedShareError and nothing of what
 * combine returned leaves this function.
 */
export async function secretFromShares({ shares, address }: ShareInput): Promise<OpenedWallet> {
  let entropy: Uint8Array
  try {
    entropy = await combine([...shares])
  } catch (cause) {
    throw new TamperedShareError(undefined, { cause })
  }
  try {
    if (entropy.length !== ENTROPY_BYTES) throw new TamperedShareError()
    const secret = await walletSecretOf(entropy)
    const account = privateKeyToAccount(secret.privateKey)
    if (!isAddressEqual(account.address, address)) throw new TamperedShareError()
    return { ...secret, account }
  } finally {
    entropy.fill(0)
  }
}
