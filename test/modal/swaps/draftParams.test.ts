import { describe, expect, it } from 'vitest'
import { parseUnits } from '../../../modal/adapters/eip155/units.js'
import type { SwapDraft } from '../../../modal/swaps/draft.js'
import { draftParams } from '../../../modal/swaps/SwapView.js'
import type { KitSwapWallet } from '../../../modal/swaps/swapWallet.js'
import { dai, usdc } from './support/tokens.js'

const wallet: Pick<KitSwapWallet, 'account' | 'chainId' | 'parseAmount'> = {
  account: '0x4444444444444444444444444444444444444444',
  chainId: 'eip155:31337',
  parseAmount: (value: string, decimals: number) => {
    try {
      return parseUnits(value, decimals)
    } catch {
      return undefined
    }
  },
}
const draft = (amount: string): SwapDraft => ({
  from: usdc,
  to: dai,
  amount,
  slippageBps: 100,
  unlimited: false,
})

describe('the amount a swap is quoted for', () => {
  it('is the amount typed, in the token’s smallest unit', () => {
    expect(draftParams(draft('1.000001'), wallet, undefined)).toMatchObject({ params: { amount: '1000001' } })
  })

  it('refuses more decimals than the token has, which parsing would round to another amount', () => {
    // Typed 1.9999995 tUSDC: rounded, the swap would take 2 tUSDC.
    expect(draftParams(draft('1.9999995'), wallet, undefined)).toEqual({ issue: 'decimals' })
    expect(draftParams(draft('0.0000005'), wallet, undefined)).toEqual({ issue: 'decimals' })
    // Trailing zeros round nothing away.
    expect(draftParams(draft('1.0000000'), wallet, undefined)).toMatchObject({
      params: { amount: '1000000' },
    })
  })
})
