import { describe, expect, it } from 'vitest'
import { WalletError } from '../../../../modal/controllers/errors.js'
import { createTranslator } from '../../../../modal/i18n/translate.js'
import { errorMessage, MAX_ERROR_TEXT_LENGTH } from '../../../../modal/ui/components/errorMessage.js'

const t = createTranslator()

describe('errorMessage: what a view says about a failure', () => {
  it('shows a wallet’s own words for a failure as they came', () => {
    expect(errorMessage(new Error('Insufficient funds for gas'), t)).toBe('Insufficient funds for gas')
  })

  it('cuts a wallet’s megabyte-long error text to a bounded line ending in an ellipsis', () => {
    const shown = errorMessage(new Error('x'.repeat(1_000_000)), t)
    expect(shown).toHaveLength(MAX_ERROR_TEXT_LENGTH)
    expect(shown).toBe(`${'x'.repeat(MAX_ERROR_TEXT_LENGTH - 1)}…`)
  })

  it('cuts a revert reason the chain gave at the same bound, keeping our words before it', () => {
    const shown = errorMessage(new WalletError('TRANSACTION_REVERTED', undefined, 'r'.repeat(5000)), t)
    expect(shown).toHaveLength(MAX_ERROR_TEXT_LENGTH)
    expect(shown.startsWith('Transaction reverted: rrr')).toBe(true)
  })

  it('shows a refusal and an error without words in our own texts', () => {
    expect(errorMessage({ code: 4001, message: 'y'.repeat(1000) }, t)).toBe('User rejected the request.')
    expect(errorMessage(new Error(''), t)).toBe('Something went wrong')
  })
})
