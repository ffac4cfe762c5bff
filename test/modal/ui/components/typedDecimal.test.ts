import { describe, expect, it } from 'vitest'
import { typedDecimal } from '../../../../modal/ui/components/typedDecimal.js'

describe('typedDecimal: an amount typed in the modal’s locale, as a plain decimal', () => {
  it('reads the decimal comma of German, French and Russian as the point, and keeps a point as written', () => {
    expect(typedDecimal('0,5', 'de')).toBe('0.5')
    expect(typedDecimal(' 1,25 ', 'fr')).toBe(' 1.25 ')
    expect(typedDecimal('2,0', 'ru')).toBe('2.0')
    expect(typedDecimal('0.5', 'de')).toBe('0.5')
  })

  it('reads the digits and decimal separator Intl writes for Egyptian Arabic as ASCII', () => {
    expect(typedDecimal('١٢٫٥', 'ar-EG')).toBe('12.5')
  })

  it('leaves a comma that groups thousands in the locale as written', () => {
    expect(typedDecimal('1,000', 'en')).toBe('1,000')
    expect(typedDecimal('1,000.5', 'ja')).toBe('1,000.5')
  })
})
