import type { SendChain } from './sendChain.js'

/** A value read from `chain` for `key` (what else the read depends on: a token, a recipient's text). */
export type ChainRead<T> = { chain: SendChain; key: string; value: T }

/**
 * `read`'s value while it was read from `chain` for `key`, else undefined (a new read is under way). SendView
 * keeps its state when the visitor switches account or network in the wallet, and the native coin's key stays
 * `native`: by the key alone the last account's balance showed as this one's until the new read came back,
 * and for good when it failed.
 */
export function currentRead<T>(read: ChainRead<T> | undefined, chain: SendChain, key: string): T | undefined {
  return read?.chain === chain && read.key === key ? read.value : undefined
}
