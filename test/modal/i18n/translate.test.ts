import { describe, expect, it, vi } from 'vitest'
import { WalletError } from '../../../modal/controllers/errors.js'
import { loadCatalogue } from '../../../modal/i18n/loadCatalogue.js'
import { modalLocale } from '../../../modal/i18n/modalLocale.js'
import { createTranslator } from '../../../modal/i18n/translate.js'
import { errorMessage } from '../../../modal/ui/components/errorMessage.js'

describe('createTranslator', () => {
  it('is English without a catalogue, placeholders filled and unknown ones left as written', () => {
    const t = createTranslator()
    expect(t.locale).toBe('en')
    expect(t('external.continue', { name: 'Test Wallet' })).toBe('Continue in Test Wallet')
    expect(t('external.continue')).toBe('Continue in {name}')
  })

  it('picks the plural form through Intl.PluralRules and writes the count in the locale’s digits', async () => {
    expect(createTranslator()('allWallets.count', { count: 1 })).toBe('1 wallet')
    expect(createTranslator()('allWallets.count', { count: 1200 })).toBe('1,200 wallets')
    const ru = createTranslator('ru', await loadCatalogue('ru'))
    expect([1, 3, 5, 21].map((count) => ru('allWallets.count', { count }))).toEqual([
      '1 кошелёк',
      '3 кошелька',
      '5 кошельков',
      '21 кошелёк',
    ])
    const ar = createTranslator('ar', await loadCatalogue('ar'))
    expect(ar('allWallets.count', { count: 2 })).toBe('محفظتان')
    // Which digits Arabic uses by default is ICU's call (Latin since CLDR 42); the text follows it.
    expect(ar('allWallets.count', { count: 5 })).toBe(`${new Intl.NumberFormat('ar').format(5)} محافظ`)
    expect(ar('allWallets.count', { count: 11 })).toBe(`${new Intl.NumberFormat('ar').format(11)} محفظة`)
    const de = createTranslator('de', await loadCatalogue('de'))
    expect(de('allWallets.count', { count: 1234 })).toBe('1.234 Wallets')
  })

  it('shows our errors by their code in the reader’s language, a wallet’s refusal as a refusal', async () => {
    const ja = createTranslator('ja', await loadCatalogue('ja'))
    expect(errorMessage(new WalletError('SWITCH_CHAIN_NOT_SUPPORTED'), ja)).toBe(
      'このウォレットはアプリからのネットワーク切り替えに対応していません。',
    )
    expect(errorMessage(Object.assign(new Error('User denied'), { code: 4001 }), ja)).toBe(
      'ウォレットでリクエストが拒否されました。',
    )
    expect(errorMessage(new Error('relay closed'), ja)).toBe('relay closed')
    expect(errorMessage('???', ja)).toBe('問題が発生しました')
    // English shows the error's own message: the spec's text and any detail it carries.
    expect(
      errorMessage(new WalletError('TRANSACTION_REVERTED', undefined, 'Not owner'), createTranslator()),
    ).toBe('Transaction reverted: Not owner')
    expect(errorMessage(new WalletError('TRANSACTION_REVERTED', undefined, 'Not owner'), ja)).toBe(
      '取引はリバートされました。',
    )
    expect(errorMessage(new WalletError('TIMEOUT'), createTranslator())).toBe(
      'The wallet did not answer in time.',
    )
  })
})

describe('modalLocale', () => {
  it('warns once, naming the locale, when the app asks for one we do not speak, and shows English', () => {
    const warn = vi.fn()
    expect(modalLocale('tlh', warn)).toBe('en')
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]?.[0]).toContain('"tlh"')
    expect(modalLocale('ja', warn)).toBe('ja')
    expect(warn).toHaveBeenCalledTimes(1)
  })
})
