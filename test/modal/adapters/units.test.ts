import { describe, expect, it } from 'vitest'
import { Eip155Adapter } from '../../../modal/adapters/eip155/index.js'
import { parseUnits } from '../../../modal/adapters/eip155/units.js'

describe('eip155 amounts (§8 invalid decimal number)', () => {
  it('ERR-48 an amount that is not a decimal number (1.2.3) fails with an invalid decimal number error', () => {
    const adapter = new Eip155Adapter()
    expect(adapter.parseUnits({ value: '1.5', decimals: 18 })).toBe(1_500_000_000_000_000_000n)
    expect(parseUnits('-.25', 2)).toBe(-25n)
    expect(parseUnits('3.', 6)).toBe(3_000_000n)
    for (const value of ['1.2.3', '1e18', 'abc', '', '.', '-', '1,5', ' 1'])
      expect(() => adapter.parseUnits({ value, decimals: 18 }), value).toThrow(
        expect.objectContaining({
          name: 'WalletError',
          code: 'INVALID_DECIMAL_NUMBER',
          message: `Not a valid decimal number: ${JSON.stringify(value)}`,
        }),
      )
  })
})
