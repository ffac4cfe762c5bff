import { split } from 'shamir-secret-sharing'
import type { Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ENTROPY_BYTES, walletSecretOf } from './walletSecret.js'

export type WalletShares = { device: Uint8Array; auth: Uint8Array; recovery: Uint8Array }
export type CreatedWallet = { walletId: string; address: Address; shares: WalletShares }

/** A new wallet as three 2-of-3 shares of fresh entropy; the entropy itself is zeroed before returning. */
export async function createWallet(): Promise<CreatedWallet> {
  const entropy = crypto.getRandomValues(new Uint8Array(ENTROPY_BYTES))
  try {
    const { privateKey } = await walletSecretOf(entropy)
    const { address } = privateKeyToAccount(privateKey)
    const [device, auth, recovery] = await split(entropy, 3, 2)
    if (!device || !auth || !recovery) throw new Error('split returned fewer than 3 shares')
    return { walletId: crypto.randomUUID(), address, shares: { device, auth, recovery } }
  } finally {
    entropy.fill(0)
  }
}
