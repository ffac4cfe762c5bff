import { describe, expect, it } from 'vitest'
import { formatAmount } from '../../../../modal/ui/components/formatAmount.js'

describe('formatAmount: amounts in the modal’s locale', () => {
  it('groups thousands and writes decimals as English does', () => {
    expect(formatAmount('10000', 'en')).toBe('10,000')
    expect(formatAmount('9999.987650', 'en')).toBe('9,999.9876')
    expect(formatAmount('0.5', 'en')).toBe('0.5')
    expect(formatAmount('0', 'en')).toBe('0')
  })

  it('uses the dots and comma of German', () => {
    expect(formatAmount('10000', 'de')).toBe('10.000')
    expect(formatAmount('1.2345', 'de')).toBe('1,2345')
    expect(formatAmount('1234.56789', 'de')).toBe('1.234,5678')
  })

  it('writes Japanese and Arabic with the separators and digits Intl gives those locales', () => {
    expect(formatAmount('10000.5', 'ja')).toBe('10,000.5')
    expect(formatAmount('10000.5', 'ar')).toMatch(/^(10,000\.5|١٠٬٠٠٠٫٥)$/)
    // Where Arabic has its own digits (Egypt), they are used, with its own separators.
    expect(formatAmount('10000.5', 'ar-EG')).toBe('١٠٬٠٠٠٫٥')
  })

  it('cuts to four decimals and never rounds up, so a balance never reads more than it is', () => {
    expect(formatAmount('1.99999', 'en')).toBe('1.9999')
    expect(formatAmount('0.00019', 'en')).toBe('0.0001')
  })

  it('keeps every digit of a balance too large for a Number', () => {
    expect(formatAmount('123456789012345678901234567890123.456789', 'en')).toBe(
      '123,456,789,012,345,678,901,234,567,890,123.4567',
    )
    expect(formatAmount('123456789012345678901234567890123', 'de')).toBe(
      '123.456.789.012.345.678.901.234.567.890.123',
    )
  })

  it('writes a non-zero amount below four decimals as "< 0.0001" in the locale', () => {
    expect(formatAmount('0.000000000000000001', 'en')).toBe('< 0.0001')
    expect(formatAmount('0.00009', 'de')).toBe('< 0,0001')
    expect(formatAmount('0.00009', 'ar-EG')).toBe('< ٠٫٠٠٠١')
    expect(formatAmount('0.0000', 'en')).toBe('0')
  })

  it('pads to a minimum of decimals when asked (the token lists write 0.00 and 1.50)', () => {
    expect(formatAmount('0', 'en', { minimumFractionDigits: 2 })).toBe('0.00')
    expect(formatAmount('1.5', 'de', { minimumFractionDigits: 2 })).toBe('1,50')
    expect(formatAmount('0.123456', 'en', { minimumFractionDigits: 2 })).toBe('0.1234')
    expect(formatAmount('0.00001', 'en', { minimumFractionDigits: 2 })).toBe('< 0.0001')
  })
})
