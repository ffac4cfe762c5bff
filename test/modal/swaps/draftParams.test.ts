import { describe, expect, it } from 'vitest'
import { parseUnits } from '../../../modal/adapters/eip155/units.js'
import type { SwapDraft } from '../../../modal/swaps/draft.js'
import { draftParams } from '../../../modal/swaps/draftParams.js'
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
    expect(draftParams(draft('1.000001'), wallet, undefined, 'en')).toMatchObject({
      params: { amount: '1000001' },
    })
  })

  it('refuses more decimals than the token has, which parsing would round to another amount', () => {
    // Typed 1.9999995 tUSDC: rounded, the swap would take 2 tUSDC.
    expect(draftParams(draft('1.9999995'), wallet, undefined, 'en')).toEqual({ issue: 'decimals' })
    expect(draftParams(draft('0.0000005'), wallet, undefined, 'en')).toEqual({ issue: 'decimals' })
    // Trailing zeros round nothing away.
    expect(draftParams(draft('1.0000000'), wallet, undefined, 'en')).toMatchObject({
      params: { amount: '1000000' },
    })
  })
})

describe('the swap amount typed in the visitor’s language', () => {
  it('reads a German decimal comma as written', () => {
    expect(draftParams(draft('0,5'), wallet, undefined, 'de')).toMatchObject({ params: { amount: '500000' } })
  })

  it('reads Egyptian Arabic digits and decimal separator as written', () => {
    expect(draftParams(draft('١٢٫٥'), wallet, undefined, 'ar-EG')).toMatchObject({
      params: { amount: '12500000' },
    })
  })

  it('counts decimals past the comma against the token’s', () => {
    expect(draftParams(draft('1,9999995'), wallet, undefined, 'de')).toEqual({ issue: 'decimals' })
  })

  it('still refuses an English thousands separator rather than read it a thousand times too small', () => {
    expect(draftParams(draft('1,000'), wallet, undefined, 'en')).toEqual({ issue: 'amount' })
  })
})
