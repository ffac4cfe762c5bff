import { hex } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { solanaTestKey } from '../../../services/solana/index.js'
import { slip10Ed25519 } from '../../../services/solana/testKeys.js'

describe('the Solana test keys', () => {
  it('derive with SLIP-0010 ed25519 as its published test vector 1', () => {
    const seed = hex.decode('000102030405060708090a0b0c0d0e0f')
    expect(hex.encode(slip10Ed25519(seed, []))).toBe(
      '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7',
    )
    expect(hex.encode(slip10Ed25519(seed, [0]))).toBe(
      '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3',
    )
    expect(hex.encode(slip10Ed25519(seed, [0, 1]))).toBe(
      'b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2',
    )
  })

  it('are stable, distinct per index, and refuse an index that is not a non-hardened integer', () => {
    expect(solanaTestKey(0).address).toBe(solanaTestKey(0).address)
    expect(new Set([0, 1, 2, 3].map((index) => solanaTestKey(index).address)).size).toBe(4)
    expect(() => solanaTestKey(-1)).toThrow(RangeError)
    expect(() => solanaTestKey(1.5)).toThrow(RangeError)
  })
})
