import { describe, expect, it } from 'vitest'
import { createTranslator } from '../../../modal/i18n/translate.js'
import { approvalNotice } from '../../../modal/swaps/approvalNotice.js'
import type { ReadyDraft } from '../../../modal/swaps/draft.js'
import { en } from '../../../modal/swaps/texts/en.js'
import type { SwapToken } from '../../../modal/swaps/types.js'

const token = (symbol: string, address: `0x${string}`): SwapToken => ({
  name: symbol,
  symbol,
  address,
  decimals: 6,
  logoUri: '',
})
const draft: ReadyDraft = {
  from: token('tUSDC', '0x1111111111111111111111111111111111111111'),
  to: token('tDAI', '0x2222222222222222222222222222222222222222'),
  amount: '1000',
  slippageBps: 100,
  unlimited: false,
}
const ft = createTranslator('en', en)

describe('the approval the swap preview announces', () => {
  it('names the amount when the exact amount is approved', () => {
    expect(approvalNotice(ft, draft, '1,000')).toBe(
      'The router needs your approval to spend 1,000 tUSDC first.',
    )
  })

  it('says the approval has no limit when the visitor chose none, not the amount swapped', () => {
    const notice = approvalNotice(ft, { ...draft, unlimited: true }, '1,000')
    expect(notice).toBe('The router needs your approval to spend your tUSDC without limit first.')
    expect(notice).not.toContain('1,000')
  })
})
