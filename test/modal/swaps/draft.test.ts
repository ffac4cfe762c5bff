import { describe, expect, it } from 'vitest'
import { draftListed, draftOn, type SwapDraft, typedSlippageBps } from '../../../modal/swaps/draft.js'
import { defaultSlippageBps, validSlippageBps } from '../../../modal/swaps/quoteMath.js'
import type { SwapToken } from '../../../modal/swaps/types.js'
import { dai, eth, usdc } from './support/tokens.js'

/** The same symbol on another network, at another address. */
const usdcElsewhere: SwapToken = { ...usdc, address: '0x3333333333333333333333333333333333333333' }
const chosen: SwapDraft = { from: usdc, to: dai, amount: '12.5', slippageBps: 50, unlimited: true }

describe('the draft Swap shows', () => {
  it('starts from the native coin to the next token of the network’s DEX', () => {
    expect(draftOn(undefined, [usdc, eth, dai])).toEqual({
      from: eth,
      to: usdc,
      amount: '',
      slippageBps: defaultSlippageBps,
      unlimited: false,
    })
  })

  it('keeps what the visitor chose while its tokens are the network’s', () => {
    expect(draftOn(chosen, [eth, usdc, dai])).toBe(chosen)
  })

  it('starts afresh after a switch to a network whose DEX lists neither of the tokens chosen, instead of quoting them there', () => {
    expect(draftOn(chosen, [eth, usdcElsewhere])).toEqual({
      from: eth,
      to: usdcElsewhere,
      amount: '',
      slippageBps: defaultSlippageBps,
      unlimited: false,
    })
  })

  it('starts afresh when only one side’s token is missing on the network', () => {
    expect(draftOn(chosen, [eth, usdc])).toMatchObject({ from: eth, to: usdc, amount: '' })
  })

  it('starts afresh after a switch to a network whose native coin or token has the same address but another symbol or decimals, instead of paying 100 ETH for the 100 POL typed', () => {
    const pol: SwapToken = { ...eth, name: 'Polygon Ecosystem Token', symbol: 'POL' }
    const paidInPol: SwapDraft = { ...chosen, from: pol, to: usdc, amount: '100' }
    expect(draftListed(paidInPol, [eth, usdc])).toBe(false)
    expect(draftOn(paidInPol, [eth, usdc])).toMatchObject({ from: eth, to: usdc, amount: '' })
    expect(draftListed(chosen, [eth, { ...usdc, decimals: 18 }, dai])).toBe(false)
  })

  it('keeps a draft whose tokens the network lists again as new objects with the same fields', () => {
    expect(draftListed(chosen, [eth, { ...usdc }, { ...dai }])).toBe(true)
  })
})

describe('the slippage typed in the visitor’s language, in basis points', () => {
  it('reads a point, a German decimal comma and Egyptian Arabic digits as written', () => {
    expect(typedSlippageBps('0.5', 'en')).toBe(50)
    expect(typedSlippageBps('0,5', 'de')).toBe(50)
    expect(typedSlippageBps('١٫٢٥', 'ar-EG')).toBe(125)
    expect(typedSlippageBps('1', 'en')).toBe(100)
    expect(typedSlippageBps('.5', 'en')).toBe(50)
    expect(typedSlippageBps('1.', 'de')).toBe(100)
    expect(typedSlippageBps('0.5', 'de')).toBe(50)
  })

  it('still refuses an English thousands separator', () => {
    expect(validSlippageBps(typedSlippageBps('1,000', 'en'))).toBe(false)
  })

  it('refuses what only JavaScript reads as a number (hex, exponent, Infinity) instead of taking 0x10 as 16 % or 1e1 as 10 %', () => {
    for (const text of ['0x10', '1e1', 'Infinity', '+1', '-0.5', '', ' '])
      expect(validSlippageBps(typedSlippageBps(text, 'en')), text).toBe(false)
    expect(typedSlippageBps(' 0.5 ', 'en')).toBe(50)
  })
})
