import { secp256k1 } from '@noble/curves/secp256k1.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { recoverPublicKey } from '../../crypto/index.js'

const { Fn, Fp } = secp256k1.Point
const N = Fn.ORDER

/** Noble's complete ECDSA recovery, the reference ours must agree with. */
function nobleRecover(hash: Uint8Array, r: bigint, s: bigint, recovery: 0 | 1): Uint8Array | undefined {
  try {
    return new secp256k1.Signature(r, s, recovery).recoverPublicKey(hash).toBytes(false)
  } catch {
    return undefined
  }
}

const bytes32 = fc.uint8Array({ minLength: 32, maxLength: 32 })
const secretKey = bytes32.filter((key) => secp256k1.utils.isValidSecretKey(key))
const scalarOf = (bytes: Uint8Array) => BigInt(`0x${Buffer.from(bytes).toString('hex')}`)

function sign(hash: Uint8Array, key: Uint8Array) {
  const signature = secp256k1.sign(hash, key, { prehash: false, format: 'recovered' })
  return {
    recovery: signature[0] as 0 | 1,
    r: scalarOf(signature.subarray(1, 33)),
    s: scalarOf(signature.subarray(33, 65)),
  }
}

describe('secp256k1 public-key recovery', () => {
  it('recovers the signing key, the same key from the high-s twin, and another key from the other bit', () => {
    fc.assert(
      fc.property(secretKey, bytes32, (key, hash) => {
        const { r, s, recovery } = sign(hash, key)
        const other = (1 - recovery) as 0 | 1
        const publicKey = secp256k1.getPublicKey(key, false)
        expect(recoverPublicKey(hash, r, s, recovery)).toEqual(publicKey)
        expect(recoverPublicKey(hash, r, N - s, other)).toEqual(publicKey)
        const flipped = recoverPublicKey(hash, r, s, other)
        expect(flipped).toEqual(nobleRecover(hash, r, s, other))
        expect(flipped).not.toEqual(publicKey)
      }),
      { numRuns: 50 },
    )
  })

  it('agrees with noble on arbitrary r, s, bit and hash, including edge scalars and hashes', () => {
    const edge = fc.constantFrom(0n, 1n, 2n, N - 1n, N, N + 1n, Fp.ORDER - 1n, 2n ** 256n - 1n)
    const scalar = fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), edge)
    const hash = fc.oneof(
      bytes32,
      fc.constantFrom(new Uint8Array(32), Fn.toBytes(N - 1n), new Uint8Array(32).fill(0xff)),
    )
    fc.assert(
      fc.property(hash, scalar, scalar, fc.constantFrom(0 as const, 1 as const), (h, r, s, recovery) => {
        expect(recoverPublicKey(h, r, s, recovery)).toEqual(nobleRecover(h, r, s, recovery))
      }),
      { numRuns: 300 },
    )
  })

  it('refuses an r that is no x-coordinate on the curve', () => {
    const notOnCurve = [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n].filter((x) => {
      try {
        secp256k1.Point.fromBytes(new Uint8Array([2, ...Fp.toBytes(x)]))
        return false
      } catch {
        return true
      }
    })
    expect(notOnCurve.length).toBeGreaterThan(0)
    const hash = new Uint8Array(32).fill(7)
    for (const r of notOnCurve) {
      expect(recoverPublicKey(hash, r, 1n, 0)).toBeUndefined()
      expect(recoverPublicKey(hash, r, 1n, 1)).toBeUndefined()
    }
  })

  it('refuses r or s of zero or at least n', () => {
    const hash = new Uint8Array(32).fill(1)
    const { r, s, recovery } = sign(hash, new Uint8Array(32).fill(9))
    expect(recoverPublicKey(hash, r, s, recovery)).toBeDefined()
    for (const bad of [0n, N, N + 1n, 2n ** 256n - 1n]) {
      expect(recoverPublicKey(hash, bad, s, recovery)).toBeUndefined()
      expect(recoverPublicKey(hash, r, bad, recovery)).toBeUndefined()
    }
  })

  it('refuses a signature whose recovered key would be the point at infinity', () => {
    // Q = r⁻¹·(s·R − h·G); with R = k·G and h = s·k, s·R = h·G and Q is the point at infinity.
    const k = 12345n
    const R = secp256k1.Point.BASE.multiply(k).toAffine()
    expect(R.x).toBeLessThan(N)
    const s = 777n
    const hash = Fn.toBytes(Fn.mul(s, k))
    const recovery = Number(R.y & 1n) as 0 | 1
    expect(nobleRecover(hash, R.x, s, recovery)).toBeUndefined()
    expect(recoverPublicKey(hash, R.x, s, recovery)).toBeUndefined()
  })

  it('throws on a hash that is not 32 bytes', () => {
    expect(() => recoverPublicKey(new Uint8Array(31), 1n, 1n, 0)).toThrow(RangeError)
    expect(() => recoverPublicKey(new Uint8Array(33), 1n, 1n, 0)).toThrow(RangeError)
  })
})
