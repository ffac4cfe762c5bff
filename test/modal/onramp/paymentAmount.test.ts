import { describe, expect, it } from 'vitest'
import { typedPaymentAmount } from '../../../modal/onramp/paymentAmount.js'

describe('the onramp amount typed in the visitor’s language', () => {
  it('is the amount as providers take it: up to 9 whole digits and 2 decimals, with a point', () => {
    expect(typedPaymentAmount('50', 'en')).toBe('50')
    expect(typedPaymentAmount(' 12.5 ', 'en')).toBe('12.5')
    expect(typedPaymentAmount('12.345', 'en')).toBeUndefined()
    expect(typedPaymentAmount('', 'en')).toBeUndefined()
  })

  it('reads a German decimal comma as written', () => {
    expect(typedPaymentAmount('50,25', 'de')).toBe('50.25')
  })

  it('reads Egyptian Arabic digits and decimal separator as written', () => {
    expect(typedPaymentAmount('٥٠٫٥', 'ar-EG')).toBe('50.5')
  })

  it('still refuses an English thousands separator', () => {
    expect(typedPaymentAmount('1,000', 'en')).toBeUndefined()
  })
})
