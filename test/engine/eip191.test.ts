import { secp256k1 } from '@noble/curves/secp256k1.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import fc from 'fast-check'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { recoverPersonalSignAddress } from '../../engine/auth/eip191.js'

/** What noble's complete ECDSA says, the reference our group-only recovery must agree with. */
function nobleRecover(message: string, signature: string): string | undefined {
  const bytes = Uint8Array.from(Buffer.from(signature.slice(2), 'hex'))
  const v = bytes[64] as number
  const recovery = v >= 27 ? v - 27 : v
  if (recovery !== 0 && recovery !== 1) return undefined
  const body = new TextEncoder().encode(message)
  const hash = keccak_256(
    new Uint8Array([...new TextEncoder().encode(`\x19Ethereum Signed Message:\n${body.length}`), ...body]),
  )
  try {
    const publicKey = secp256k1.recoverPublicKey(new Uint8Array([recovery, ...bytes.subarray(0, 64)]), hash, {
      prehash: false,
    })
    const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false)
    return `0x${Buffer.from(keccak_256(uncompressed.subarray(1)).subarray(12)).toString('hex')}`
  } catch {
    return undefined
  }
}

const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}`
const N = secp256k1.Point.Fn.ORDER

describe('EIP-191 recovery on the bare secp256k1 group', () => {
  it('recovers the signer of what viem signs, also from the high-s twin, and refuses other v', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .uint8Array({ minLength: 32, maxLength: 32 })
          .filter((key) => secp256k1.utils.isValidSecretKey(key)),
        fc.string(),
        async (secretKey, message) => {
          const account = privateKeyToAccount(hex(secretKey) as `0x${string}`)
          const signature = await account.signMessage({ message })
          expect(recoverPersonalSignAddress(message, signature)).toBe(account.address.toLowerCase())
          const bytes = Uint8Array.from(Buffer.from(signature.slice(2), 'hex'))
          const s = BigInt(`0x${Buffer.from(bytes.subarray(32, 64)).toString('hex')}`)
          const twin = new Uint8Array(bytes)
          twin.set(Buffer.from((N - s).toString(16).padStart(64, '0'), 'hex'), 32)
          twin[64] = bytes[64] === 27 ? 28 : 27
          expect(recoverPersonalSignAddress(message, hex(twin))).toBe(nobleRecover(message, hex(twin)))
          expect(recoverPersonalSignAddress(message, hex(twin))).toBe(account.address.toLowerCase())
          twin[64] = 29
          expect(recoverPersonalSignAddress(message, hex(twin))).toBeUndefined()
        },
      ),
      { numRuns: 25 },
    )
  })

  it('agrees with noble on arbitrary signatures, including r or s of zero or at least n', () => {
    const edge = fc.constantFrom(0n, 1n, N - 1n, N, N + 1n, 2n ** 256n - 1n)
    const scalar = fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), edge)
    fc.assert(
      fc.property(scalar, scalar, fc.constantFrom(0, 1, 27, 28), fc.string(), (r, s, v, message) => {
        const signature = `0x${r.toString(16).padStart(64, '0')}${s.toString(16).padStart(64, '0')}${v.toString(16).padStart(2, '0')}`
        expect(recoverPersonalSignAddress(message, signature)).toBe(nobleRecover(message, signature))
      }),
      { numRuns: 300 },
    )
  })

  it('hashes any text as its UTF-8 (a lone surrogate as U+FFFD), as viem signs it: non-ASCII and ill-formed', async () => {
    const account = privateKeyToAccount(`0x${'42'.repeat(32)}`)
    const messages = ['\ud800', '\udc00', 'a\ud83d', '\ude00b', '\ud83d\ude00', 'é'.repeat(200), '中\n\u0000']
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...messages), fc.string({ unit: 'binary' })),
        async (message) => {
          const signature = await account.signMessage({ message })
          expect(recoverPersonalSignAddress(message, signature)).toBe(account.address.toLowerCase())
        },
      ),
      { numRuns: 30 },
    )
  })

  it('reads v as 27/28 or 0/1 and refuses every other v', async () => {
    const account = privateKeyToAccount(`0x${'42'.repeat(32)}`)
    const message = 'sign in'
    const signature = await account.signMessage({ message })
    const withV = (v: number) => `${signature.slice(0, 130)}${v.toString(16).padStart(2, '0')}`
    const recovery = Number.parseInt(signature.slice(130), 16) - 27
    expect(recoverPersonalSignAddress(message, withV(recovery))).toBe(account.address.toLowerCase())
    expect(recoverPersonalSignAddress(message, withV(27 + recovery))).toBe(account.address.toLowerCase())
    expect(recoverPersonalSignAddress(message, withV(28 - recovery))).not.toBe(account.address.toLowerCase())
    for (const v of [2, 3, 26, 29, 30, 35, 255])
      expect(recoverPersonalSignAddress(message, withV(v))).toBeUndefined()
  })

  it('refuses malformed signatures', () => {
    for (const signature of [
      '',
      '0x',
      `0x${'11'.repeat(64)}`,
      `0x${'11'.repeat(66)}`,
      `${'11'.repeat(65)}`,
      `0x${'zz'.repeat(65)}`,
    ]) {
      expect(recoverPersonalSignAddress('m', signature)).toBeUndefined()
    }
  })
})
