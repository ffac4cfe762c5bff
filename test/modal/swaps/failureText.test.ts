import { describe, expect, it } from 'vitest'
import { createTranslator } from '../../../modal/i18n/translate.js'
import { TokenDecimalsError } from '../../../modal/send/decimals.js'
import { failureText } from '../../../modal/swaps/failureText.js'
import { en } from '../../../modal/swaps/texts/en.js'
import { SwapError } from '../../../modal/swaps/types.js'
import { MAX_ERROR_TEXT_LENGTH } from '../../../modal/ui/components/errorMessage.js'

const ft = createTranslator('en', en)
const context = { from: 'tETH', to: 'tUSD', slippageBps: 50 }

describe('failureText: what a failed swap says', () => {
  it('gives the wallet’s words for a swap it did not send', () => {
    expect(failureText(ft, new Error('Insufficient funds'), context)).toBe(
      'The wallet did not send it: Insufficient funds',
    )
  })

  it('names the token whose decimals its contract did not confirm, not as the wallet’s words', () => {
    expect(failureText(ft, new TokenDecimalsError('tUSD'), context)).toBe(
      'The decimals of tUSD could not be confirmed with its contract, so it cannot be swapped.',
    )
  })

  it('cuts a wallet’s megabyte-long reason to the bound of shown failure texts', () => {
    const reason = `${'w'.repeat(MAX_ERROR_TEXT_LENGTH - 1)}…`
    expect(failureText(ft, new Error('w'.repeat(1_000_000)), context)).toBe(
      `The wallet did not send it: ${reason}`,
    )
  })

  it('cuts an over-long revert reason the same way', () => {
    const reason = `${'r'.repeat(MAX_ERROR_TEXT_LENGTH - 1)}…`
    expect(failureText(ft, new SwapError('reverted', 'r'.repeat(10_000)), context)).toBe(
      `The swap would fail: ${reason}. It was not sent.`,
    )
  })
})
