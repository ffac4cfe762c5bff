import { formatUnits } from 'viem'
import type { Amount } from './schemas.js'

export type Asset = { readonly symbol: string; readonly decimals: number }

/** The native currency of the chain being previewed. */
export type NativeCurrency = { readonly nativeSymbol: string; readonly nativeDecimals: number }

export function nativeAsset({ nativeSymbol, nativeDecimals }: NativeCurrency): Asset {
  return { symbol: nativeSymbol, decimals: nativeDecimals }
}

export function amountOf(value: bigint, { symbol, decimals }: Asset): Amount {
  return { value, text: `${formatUnits(value, decimals)} ${symbol}` }
}

/** viem's `maxUint256` would bring all of its number constants into the frame's bundle. */
const maxUint256 = 2n ** 256n - 1n

/** Approvals of the largest uint256 never run out; wallets and users call them unlimited. */
export function isUnlimited(value: bigint): boolean {
  return value === maxUint256
}

const minus = '\u2212'

/** A balance change with its sign always written: "−0.01 tETH", "+5 tUSD". */
export function signedText(delta: bigint, { symbol, decimals }: Asset): string {
  const sign = delta < 0n ? minus : '+'
  return `${sign}${formatUnits(delta < 0n ? -delta : delta, decimals)} ${symbol}`
}
