import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import { base58 } from '@scure/base'

/** Devnet's genesis hash: a local chain started with it stands in for devnet (CAIP-2 and `solana:devnet` agree). */
export const DEVNET_GENESIS_HASH = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG'

/** The local chain's genesis hash when none is given: stable across restarts, so saved CAIP ids stay valid. */
export const LOCALNET_GENESIS_HASH = base58.encode(sha256(utf8ToBytes('pairwise local solana genesis')))

/** A base58 string that decodes to 32 bytes, as a genesis hash must. */
export function isGenesisHash(value: string): boolean {
  try {
    return base58.decode(value).length === 32
  } catch {
    return false
  }
}
