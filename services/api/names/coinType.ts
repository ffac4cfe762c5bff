/** ENSIP-11: the coin type of an EVM chain is 0x80000000 | chainId, for chain ids below 2^31. */
const evmCoinTypeFlag = 0x80000000

/** The chain id a coin type stands for, or undefined when it is not an ENSIP-11 EVM coin type. */
export function chainIdOfCoinType(coinType: number): number | undefined {
  if (!Number.isSafeInteger(coinType) || coinType < evmCoinTypeFlag || coinType > 0xffffffff) return undefined
  return coinType - evmCoinTypeFlag
}

/**
 * The coin types a name registered for `coinType` answers to: its own, Ethereum's 60 (what most clients
 * ask) and ENSIP-19's default EVM coin type 0x80000000.
 */
export function answeredCoinTypes(coinType: number): readonly number[] {
  return [coinType, 60, evmCoinTypeFlag]
}
