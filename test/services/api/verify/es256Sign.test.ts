import { describe, expect, it } from 'vitest'
import { decodeJwtPayload, verifyEs256Jwt } from '../../../../crypto/index.js'
import {
  generateP256SecretKey,
  p256PublicJwk,
  signEs256Jwt,
} from '../../../../services/api/verify/es256Sign.js'

const { subtle } = globalThis.crypto
const claims = { id: 'a'.repeat(64), origin: 'https://dapp.example', isScam: false, isVerified: true, exp: 1 }

describe('signEs256Jwt', () => {
  it('signs a token verifyEs256Jwt accepts with the published JWK, and no other key', async () => {
    const key = generateP256SecretKey()
    const token = signEs256Jwt(claims, key)
    expect(await verifyEs256Jwt(token, p256PublicJwk(key))).toEqual(claims)
    expect(decodeJwtPayload(token)).toEqual(claims)
    await expect(verifyEs256Jwt(token, p256PublicJwk(generateP256SecretKey()))).rejects.toThrow(
      'JWT signature does not match the key',
    )
  })

  it('names ES256 in the header and is deterministic', () => {
    const key = generateP256SecretKey()
    const token = signEs256Jwt(claims, key)
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString())
    expect(header).toEqual({ alg: 'ES256', typ: 'JWT' })
    expect(signEs256Jwt(claims, key)).toBe(token)
  })

  it('publishes the same public key as Web Crypto derives from the secret key', async () => {
    const pair = (await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair
    const { d, x, y } = await subtle.exportKey('jwk', pair.privateKey)
    const secretKey = new Uint8Array(Buffer.from(d ?? '', 'base64url'))
    expect(p256PublicJwk(secretKey)).toEqual({ kty: 'EC', crv: 'P-256', x, y })
  })

  it('refuses a key of the wrong length or outside the curve order', () => {
    expect(() => signEs256Jwt(claims, new Uint8Array(31))).toThrow('secretKey must be 32 bytes long')
    expect(() => p256PublicJwk(new Uint8Array(32))).toThrow('not a P-256 scalar')
    expect(() => p256PublicJwk(new Uint8Array(32).fill(0xff))).toThrow('not a P-256 scalar')
  })
})
