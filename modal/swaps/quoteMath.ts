/** Basis points in one whole. */
export const bpsScale = 10_000n

/** AppKit's default slippage: 1 %. */
export const defaultSlippageBps = 100

/** Uniswap V2's output for `amountIn` against reserves `reserveIn`/`reserveOut` (0.3 % fee to the pool). */
export function amountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n
  const withFee = amountIn * 997n
  return (withFee * reserveOut) / (reserveIn * 1000n + withFee)
}

/** The least a swap quoted at `quoted` may give with `slippageBps` of slippage. */
export function minAmountOut(quoted: bigint, slippageBps: number): bigint {
  return (quoted * (bpsScale - BigInt(slippageBps))) / bpsScale
}

/**
 * How far `out` falls below what `amountIn` buys at the mid price of the hops' reserves (`[in, out]` per
 * hop, in route order), in basis points; the pools' fee is part of it.
 */
export function priceImpactBps(
  amountIn: bigint,
  out: bigint,
  hops: readonly (readonly [bigint, bigint])[],
): number {
  const [numerator, denominator] = hops.reduce(
    ([num, den], [reserveIn, reserveOut]) => [num * reserveOut, den * reserveIn],
    [amountIn, 1n],
  )
  if (numerator === 0n) return 0
  const mid = numerator
  const actual = out * denominator
  if (actual >= mid) return 0
  return Number(((mid - actual) * bpsScale) / mid)
}

/** Slippage the visitor may choose: 0.01 % to 50 %. */
export function validSlippageBps(bps: number): boolean {
  return Number.isInteger(bps) && bps >= 1 && bps <= 5_000
}
