import { describe, expect, it } from 'vitest'
import { coinTypeOf } from '../../../modal/names/coinType.js'
import { NamesError } from '../../../modal/names/errors.js'

describe('coin type of an EVM chain (ENSIP-11)', () => {
  it('NAME-07 coinType is (2147483648 | chainId) >>> 0: chain 1 gives 2147483649, the local chain 31337 gives 0x80007a69', () => {
    expect(coinTypeOf(1)).toBe(2147483649)
    expect(coinTypeOf(31337)).toBe(0x80007a69)
    expect(coinTypeOf(0)).toBe(2147483648)
    expect(coinTypeOf(2147483647)).toBe(4294967295)
  })

  it('NAME-08 a chain id of 2147483648 or more is refused for coin-type derivation', () => {
    for (const chainId of [2147483648, 2147483649, 4294967296, Number.MAX_SAFE_INTEGER])
      expect(() => coinTypeOf(chainId), String(chainId)).toThrow(NamesError)
    expect(() => coinTypeOf(2147483647)).not.toThrow()
  })

  it("ERR-47 deriving a coin type from a chain id of 2147483648 or more fails with 'Invalid chainId'", () => {
    expect(() => coinTypeOf(2147483648)).toThrow('Invalid chainId')
    expect(() => coinTypeOf(2 ** 40)).toThrow(expect.objectContaining({ code: 'INVALID_CHAIN_ID' }))
  })
})
