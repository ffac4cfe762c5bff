import { describe, expect, it } from 'vitest'
import { parseUnits } from '../../../modal/adapters/eip155/units.js'
import { type AmountLimits, checkAmount, maxAmount, sendAmount } from '../../../modal/send/amount.js'

const ether = 10n ** 18n
const nativeLimits: AmountLimits = {
  decimals: 18,
  balance: 2n * ether,
  nativeBalance: 2n * ether,
  native: true,
  parse: parseUnits,
  locale: 'en',
}
const tusd: AmountLimits = {
  decimals: 6,
  balance: 100_000_000n,
  nativeBalance: ether,
  native: false,
  parse: parseUnits,
  locale: 'en',
}

describe('send amounts', () => {
  it('ERR-48 an amount with digits that is not a decimal number (1.2.3) is the invalid decimal number error', () => {
    expect(() => sendAmount('1.2.3', 18, parseUnits)).toThrow(
      expect.objectContaining({
        code: 'INVALID_DECIMAL_NUMBER',
        message: 'Not a valid decimal number: "1.2.3"',
      }),
    )
    const check = checkAmount('1.2.3', nativeLimits)
    expect(check).toMatchObject({
      ok: false,
      issue: { kind: 'invalid', error: { code: 'INVALID_DECIMAL_NUMBER' } },
    })
  })

  it('a non-numeric amount counts as zero (§5), which cannot be sent', () => {
    for (const text of ['', 'abc', ' ', '.', '-']) expect(sendAmount(text, 18, parseUnits), text).toBe(0n)
    expect(checkAmount('abc', nativeLimits)).toEqual({ ok: false, issue: { kind: 'missing' } })
    expect(checkAmount('0', nativeLimits)).toEqual({ ok: false, issue: { kind: 'missing' } })
    expect(checkAmount('-1', nativeLimits)).toEqual({ ok: false, issue: { kind: 'missing' } })
  })

  it('an amount is read in the token decimals, and one finer than them is refused rather than rounded', () => {
    expect(checkAmount(' 5 ', tusd)).toEqual({ ok: true, amount: 5_000_000n })
    expect(checkAmount('0.01', nativeLimits)).toEqual({ ok: true, amount: ether / 100n })
    expect(checkAmount('1.0000001', tusd)).toEqual({
      ok: false,
      issue: { kind: 'tooManyDecimals', decimals: 6 },
    })
  })

  it("an amount written with the locale's decimal comma is read as written: 0,5 in German is half a coin", () => {
    expect(checkAmount('0,5', { ...nativeLimits, locale: 'de' })).toEqual({ ok: true, amount: ether / 2n })
    expect(checkAmount(' 1,25 ', { ...tusd, locale: 'fr' })).toEqual({ ok: true, amount: 1_250_000n })
    expect(checkAmount('1,0000001', { ...tusd, locale: 'ru' })).toEqual({
      ok: false,
      issue: { kind: 'tooManyDecimals', decimals: 6 },
    })
    // A point is the decimal point in every locale: Max writes one, and amounts pasted from elsewhere have one.
    expect(checkAmount('0.5', { ...nativeLimits, locale: 'de' })).toEqual({ ok: true, amount: ether / 2n })
  })

  it("an amount in the locale's own digits and decimal separator is read as written: ٠٫٥ in Egyptian Arabic is 0.5", () => {
    expect(checkAmount('٠٫٥', { ...nativeLimits, locale: 'ar-EG' })).toEqual({ ok: true, amount: ether / 2n })
    expect(checkAmount('١٢', { ...tusd, locale: 'ar-EG' })).toEqual({ ok: true, amount: 12_000_000n })
  })

  it('a comma that groups thousands in the locale is refused, not read as a decimal point', () => {
    for (const [text, locale] of [
      ['1,000', 'en'],
      ['1.000,5', 'de'],
    ] as const)
      expect(checkAmount(text, { ...tusd, locale }), `${text} in ${locale}`).toMatchObject({
        ok: false,
        issue: { kind: 'invalid', error: { code: 'INVALID_DECIMAL_NUMBER' } },
      })
  })

  it('more than the balance is refused; for the native coin also more than the balance less the fee', () => {
    expect(checkAmount('100.000001', tusd)).toEqual({ ok: false, issue: { kind: 'overBalance' } })
    expect(checkAmount('100', tusd)).toEqual({ ok: true, amount: 100_000_000n })
    expect(checkAmount('2.01', nativeLimits)).toEqual({ ok: false, issue: { kind: 'overBalance' } })
    const fee = ether / 1000n
    expect(checkAmount('2', { ...nativeLimits, fee })).toEqual({
      ok: false,
      issue: { kind: 'overBalanceWithFee', fee },
    })
    expect(checkAmount('1.999', { ...nativeLimits, fee })).toEqual({ ok: true, amount: 2n * ether - fee })
  })

  it('a token send needs the fee in the native coin', () => {
    expect(checkAmount('1', { ...tusd, nativeBalance: 10n, fee: 11n })).toEqual({
      ok: false,
      issue: { kind: 'noFeeFunds', fee: 11n },
    })
    expect(checkAmount('1', { ...tusd, nativeBalance: 11n, fee: 11n })).toEqual({
      ok: true,
      amount: 1_000_000n,
    })
  })

  it('Max is the whole balance of a token and, for the native coin, what is left after the fee', () => {
    expect(maxAmount(tusd)).toBe('100')
    expect(maxAmount({ ...tusd, fee: ether })).toBe('100')
    expect(maxAmount({ ...nativeLimits, fee: 21_000n * 2_000_000_000n })).toBe('1.999958')
    expect(maxAmount({ ...nativeLimits, fee: 3n * ether })).toBe('0')
    const max = maxAmount({ ...nativeLimits, fee: ether / 4n })
    expect(checkAmount(max, { ...nativeLimits, fee: ether / 4n })).toEqual({
      ok: true,
      amount: (7n * ether) / 4n,
    })
  })
})
