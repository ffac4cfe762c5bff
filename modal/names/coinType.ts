import { NamesError } from './errors.js'

/** ENSIP-11's flag for EVM coin types; chain ids must stay below it. */
export const evmCoinTypeFlag = 2147483648

/**
 * NAME-07, NAME-08: the coin type a name is registered for on an EVM chain, `(0x80000000 | chainId) >>> 0`
 * (chain 1 gives 2147483649, as AppKit sends it; ENS's own 60 for Ethereum is the service's to add).
 */
export function coinTypeOf(chainId: number): number {
  if (!Number.isSafeInteger(chainId) || chainId < 0 || chainId >= evmCoinTypeFlag)
    throw new NamesError('INVALID_CHAIN_ID')
  return (evmCoinTypeFlag | chainId) >>> 0
}
