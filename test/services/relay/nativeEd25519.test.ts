import { ed25519 } from '@noble/curves/ed25519.js'
import { describe, expect, it } from 'vitest'
import { generateSigningKeyPair, signRelayJwt, verifyRelayJwt } from '../../../crypto/noble.js'
import { nativeEd25519Check, verifyRelayJwtNatively } from '../../../services/relay/nativeEd25519.js'
import { hex } from '../../crypto/hex.js'
import jwtVectors from '../../vectors/jwt.json' with { type: 'json' }

const ORDER = 2n ** 252n + 27742317777372353535851937790883648493n
const strictNoble = (signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array) => {
  try {
    return ed25519.verify(signature, message, publicKey, { zip215: false })
  } catch {
    return false
  }
}
const native = (signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array) => {
  try {
    return nativeEd25519Check(signature, message, publicKey)
  } catch {
    return false
  }
}

/** The same signature with S + L in place of S: the same equation, a second encoding. */
function malleated(signature: Uint8Array): Uint8Array {
  const s = BigInt(`0x${Buffer.from(signature.subarray(32)).reverse().toString('hex')}`) + ORDER
  const sBytes = Buffer.from(s.toString(16).padStart(64, '0'), 'hex').reverse()
  return Uint8Array.from(Buffer.concat([signature.subarray(0, 32), sBytes]))
}

describe('the relay JWT check on Node’s Ed25519', () => {
  it.each(jwtVectors.vectors)('accepts the official token with the same claims ($aud)', (vector) => {
    const options = { now: vector.iat + 1 }
    expect(verifyRelayJwtNatively(vector.jwt, options)).toEqual(verifyRelayJwt(vector.jwt, options))
  })

  it('agrees with the strict @noble check on signatures honest, altered, malleated and under the wrong key', () => {
    const message = new TextEncoder().encode('header.payload')
    for (let round = 0; round < 50; round++) {
      const { secretKey, publicKey } = generateSigningKeyPair()
      const signature = ed25519.sign(message, secretKey.subarray(0, 32))
      const flipped = Uint8Array.from(signature)
      flipped[round % 64] = (flipped[round % 64] as number) ^ (1 << (round % 8))
      const other = generateSigningKeyPair().publicKey
      const cases: [Uint8Array, Uint8Array, boolean][] = [
        [signature, publicKey, true],
        [flipped, publicKey, false],
        [malleated(signature), publicKey, false],
        [signature, other, false],
      ]
      for (const [candidate, key, valid] of cases) {
        expect(strictNoble(candidate, message, key)).toBe(valid)
        expect(native(candidate, message, key)).toBe(valid)
      }
    }
  })

  it('refuses a malleated token as INVALID_JWT, never throwing anything else', () => {
    const aud = 'ws://127.0.0.1:8787'
    const token = signRelayJwt({ secretKey: generateSigningKeyPair().secretKey, aud, iat: 1_732_170_000 })
    const [header, payload, signature = ''] = token.split('.')
    const forged = Buffer.from(malleated(hex(Buffer.from(signature, 'base64url').toString('hex'))))
    expect(() =>
      verifyRelayJwtNatively(`${header}.${payload}.${forged.toString('base64url')}`, { now: 1_732_170_000 }),
    ).toThrowError(expect.objectContaining({ code: 'INVALID_JWT' }))
  })
})
