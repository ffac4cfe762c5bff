import { bytesToHex } from '@pairwise/crypto'
import { entropyToMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import type { Hex } from 'viem'
import { derivePrivateKey, ETHEREUM_PATH } from './bip32.js'
import { mnemonicToSeed } from './mnemonicSeed.js'

/** 128 bits: a 12-word phrase, what Privy and most wallets make; Shamir shares are then 17 bytes. */
export const ENTROPY_BYTES = 16

export type WalletSecret = { mnemonic: string; privateKey: Hex }

/**
 * The wallet's one secret is its BIP-39 entropy; the phrase and the account key at m/44'/60'/0'/0/0 are
 * derived from it on demand. Byte buffers are zeroed here; the strings viem needs cannot be (best effort).
 */
export async function walletSecretOf(entropy: Uint8Array): Promise<WalletSecret> {
  const mnemonic = entropyToMnemonic(entropy, wordlist)
  const seed = await mnemonicToSeed(mnemonic)
  try {
    const key = await derivePrivateKey(seed, ETHEREUM_PATH)
    const privateKey: Hex = `0x${bytesToHex(key)}`
    key.fill(0)
    return { mnemonic, privateKey }
  } finally {
    seed.fill(0)
  }
}
