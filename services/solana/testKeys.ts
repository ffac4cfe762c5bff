import { ed25519 } from '@noble/curves/ed25519.js'
import { hmac } from '@noble/hashes/hmac.js'
import { sha512 } from '@noble/hashes/sha2.js'
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import { base58 } from '@scure/base'
import { mnemonicToSeedSync } from '@scure/bip39'

/** The usual development mnemonic; its Solana keys are what Phantom shows for it. */
export const TEST_MNEMONIC = 'test test test test test test test test test test test junk'

export type SolanaTestKey = { seed: Uint8Array; publicKey: Uint8Array; address: string }

const hardened = 0x80000000

/** SLIP-0010 ed25519 derivation: every step is hardened, the curve allows nothing else. */
export function slip10Ed25519(seed: Uint8Array, path: readonly number[]): Uint8Array {
  let node = hmac(sha512, utf8ToBytes('ed25519 seed'), seed)
  for (const index of path) {
    const data = new Uint8Array(37)
    data.set(node.subarray(0, 32), 1)
    new DataView(data.buffer).setUint32(33, (index | hardened) >>> 0)
    node = hmac(sha512, node.subarray(32), data)
  }
  return node.slice(0, 32)
}

/** Test key `index` of TEST_MNEMONIC at m/44'/501'/index'/0' (Phantom's path). */
export function solanaTestKey(index: number): SolanaTestKey {
  if (!Number.isInteger(index) || index < 0 || index >= hardened)
    throw new RangeError(`A test key index is an integer from 0 to ${hardened - 1}, got ${index}`)
  const seed = slip10Ed25519(mnemonicToSeedSync(TEST_MNEMONIC), [44, 501, index, 0])
  const publicKey = ed25519.getPublicKey(seed)
  return { seed, publicKey, address: base58.encode(publicKey) }
}

/** A key pair from a fixed label, for fixture accounts (the Test USD mint) that must keep their address. */
export function labelledKey(label: string): SolanaTestKey {
  const seed = sha512(concatBytes(utf8ToBytes('pairwise solana fixture '), utf8ToBytes(label))).slice(0, 32)
  const publicKey = ed25519.getPublicKey(seed)
  return { seed, publicKey, address: base58.encode(publicKey) }
}
