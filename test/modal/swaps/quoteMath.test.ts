import { formatUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  amountOut,
  defaultSlippageBps,
  minAmountOut,
  priceImpactBps,
} from '../../../modal/swaps/quoteMath.js'

const unit = 10n ** 4n

describe('swap quote math (Uniswap V2, research §4.2)', () => {
  it('a 3000/1000 pool gives 9.8716 out for 30 in (0.3 % fee)', () => {
    const wei = 10n ** 18n
    const out = amountOut(30n * wei, 3000n * wei, 1000n * wei)
    expect(Number(formatUnits(out, 18)).toFixed(4)).toBe('9.8716')
    expect(out).toBe((30n * wei * 997n * 1000n * wei) / (3000n * wei * 1000n + 30n * wei * 997n))
  })

  it('gives nothing for nothing or an empty pool', () => {
    expect(amountOut(0n, 3000n, 1000n)).toBe(0n)
    expect(amountOut(30n, 0n, 1000n)).toBe(0n)
  })

  it('price impact compares with the mid price of the reserves: 1.28 % for 30 in on 3000/1000', () => {
    const out = amountOut(30n * unit, 3000n * unit, 1000n * unit)
    expect(priceImpactBps(30n * unit, out, [[3000n * unit, 1000n * unit]])).toBe(128)
  })

  it('chains the mid price over two hops', () => {
    // 1 ETH → 2500 USDC → 2500 DAI at mid price; 2450 out is 2 % below.
    expect(
      priceImpactBps(10n ** 18n, 2450n, [
        [10n ** 18n, 2500n],
        [2500n, 2500n],
      ]),
    ).toBe(200)
  })

  it('slippage: the minimum is the quote less the bps, 1 % by default', () => {
    expect(defaultSlippageBps).toBe(100)
    expect(minAmountOut(98716n, defaultSlippageBps)).toBe(97728n)
    expect(minAmountOut(10_000n, 50)).toBe(9_950n)
  })
})
