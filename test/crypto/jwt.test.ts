import { ed25519 } from '@noble/curves/ed25519.js'
import { describe, expect, it } from 'vitest'
import { CryptoError, encodeDidKey, MAX_JWT_LIFETIME_SECONDS } from '../../crypto/index.js'
import {
  DEFAULT_JWT_LEEWAY_SECONDS,
  generateSigningKeyPair,
  signRelayJwt,
  verifyRelayJwt,
} from '../../crypto/noble.js'
import jwtVectors from '../vectors/jwt.json' with { type: 'json' }
import { hex, toHex } from './hex.js'

const code = (value: string) => expect.objectContaining({ code: value })
const b64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url')
const aud = 'ws://127.0.0.1:8787'
const iat = 1_732_170_000

function forge(header: unknown, payload: unknown, secretKey: Uint8Array): string {
  const input = `${b64url(header)}.${b64url(payload)}`
  return `${input}.${Buffer.from(ed25519.sign(Buffer.from(input), secretKey)).toString('base64url')}`
}

describe('relay JWT against the official vectors', () => {
  it.each(jwtVectors.vectors)('signs byte-identically from the seed and the 64-byte key ($aud)', (vector) => {
    const common = { aud: vector.aud, sub: vector.sub, iat: vector.iat, ttl: vector.ttl }
    expect(signRelayJwt({ secretKey: hex(vector.seed), ...common })).toBe(vector.jwt)
    expect(signRelayJwt({ secretKey: hex(vector.secretKey), ...common })).toBe(vector.jwt)
  })

  it.each(jwtVectors.vectors)('verifies the official token and returns its claims ($aud)', (vector) => {
    const claims = verifyRelayJwt(vector.jwt, { now: vector.iat + 1 })
    expect(claims).toEqual({
      iss: vector.iss,
      sub: vector.sub,
      aud: vector.aud,
      iat: vector.iat,
      exp: vector.iat + vector.ttl,
      publicKey: hex(vector.publicKey),
    })
  })
})

describe('relay JWT claims', () => {
  const { secretKey, publicKey } = generateSigningKeyPair()
  const token = signRelayJwt({ secretKey, aud, iat })

  it('defaults sub to 32 random bytes in hex, ttl to a day and iat to now', () => {
    const before = Math.floor(Date.now() / 1000)
    const claims = verifyRelayJwt(signRelayJwt({ secretKey, aud }))
    expect(claims.sub).toMatch(/^[0-9a-f]{64}$/)
    expect(claims.iat).toBeGreaterThanOrEqual(before)
    expect(claims.exp - claims.iat).toBe(86_400)
    expect(claims.iss).toBe(encodeDidKey(publicKey))
    expect(claims.publicKey).toEqual(publicKey)
  })

  it('rejects a token past exp plus leeway as JWT_EXPIRED, and accepts it within leeway', () => {
    const exp = iat + 86_400
    expect(verifyRelayJwt(token, { now: exp + DEFAULT_JWT_LEEWAY_SECONDS - 1 }).exp).toBe(exp)
    expect(() => verifyRelayJwt(token, { now: exp + DEFAULT_JWT_LEEWAY_SECONDS })).toThrowError(
      code('JWT_EXPIRED'),
    )
    expect(() => verifyRelayJwt(token, { now: exp, leewaySeconds: 0 })).toThrowError(code('JWT_EXPIRED'))
  })

  it('rejects a token issued beyond the leeway in the future as JWT_NOT_YET_VALID', () => {
    expect(verifyRelayJwt(token, { now: iat - DEFAULT_JWT_LEEWAY_SECONDS }).iat).toBe(iat)
    expect(() => verifyRelayJwt(token, { now: iat - DEFAULT_JWT_LEEWAY_SECONDS - 1 })).toThrowError(
      code('JWT_NOT_YET_VALID'),
    )
  })

  it('refuses a genuine token living longer than a day as JWT_LIFETIME, unless the relay allows more', () => {
    const claims = (lifetime: number) => ({
      iss: encodeDidKey(publicKey),
      sub: 'a',
      aud,
      iat,
      exp: iat + lifetime,
    })
    const header = { alg: 'EdDSA', typ: 'JWT' }
    expect(MAX_JWT_LIFETIME_SECONDS).toBe(86_400)
    expect(verifyRelayJwt(forge(header, claims(86_400), secretKey), { now: iat }).exp).toBe(iat + 86_400)
    const tooLong = forge(header, claims(86_401), secretKey)
    expect(() => verifyRelayJwt(tooLong, { now: iat })).toThrowError(code('JWT_LIFETIME'))
    expect(() =>
      verifyRelayJwt(forge(header, claims(10 * 365 * 86_400), secretKey), { now: iat }),
    ).toThrowError(code('JWT_LIFETIME'))
    expect(verifyRelayJwt(tooLong, { now: iat, maxLifetimeSeconds: 86_401 }).exp).toBe(iat + 86_401)
    expect(() => verifyRelayJwt(tooLong, { maxLifetimeSeconds: -1 })).toThrowError(code('INVALID_INPUT'))
    expect(() => signRelayJwt({ secretKey, aud, ttl: 86_401 })).toThrowError(code('INVALID_INPUT'))
  })

  it('applies the audience predicate, and reports one that throws as JWT_AUDIENCE', () => {
    expect(
      verifyRelayJwt(token, { now: iat, audience: (value) => value.startsWith('ws://127.0.0.1') }).aud,
    ).toBe(aud)
    expect(() =>
      verifyRelayJwt(token, { now: iat, audience: (value) => value === 'wss://other' }),
    ).toThrowError(code('JWT_AUDIENCE'))
    expect(() =>
      verifyRelayJwt(token, {
        now: iat,
        audience: () => {
          throw new Error('boom')
        },
      }),
    ).toThrowError(code('JWT_AUDIENCE'))
  })

  it('reports a forged signature, a swapped issuer or an edited payload as INVALID_JWT', () => {
    const [header = '', payload = '', signature = ''] = token.split('.')
    const other = generateSigningKeyPair()
    const otherToken = signRelayJwt({ secretKey: other.secretKey, aud, iat })
    const editedPayload = b64url({
      ...JSON.parse(Buffer.from(payload, 'base64url').toString()),
      aud: 'ws://evil',
    })
    const flipped = Buffer.from(signature, 'base64url')
    flipped[0] = (flipped[0] ?? 0) ^ 1
    const forgeries = [
      `${header}.${editedPayload}.${signature}`,
      `${header}.${otherToken.split('.')[1]}.${signature}`,
      `${header}.${payload}.${flipped.toString('base64url')}`,
      `${header}.${payload}.${otherToken.split('.')[2]}`,
    ]
    for (const forged of forgeries)
      expect(() => verifyRelayJwt(forged, { now: iat })).toThrowError(code('INVALID_JWT'))
  })

  it('refuses headers other than EdDSA/JWT, even when correctly signed', () => {
    const payload = { iss: encodeDidKey(publicKey), sub: 'a', aud, iat, exp: iat + 60 }
    expect(verifyRelayJwt(forge({ alg: 'EdDSA', typ: 'JWT' }, payload, secretKey), { now: iat }).sub).toBe(
      'a',
    )
    for (const header of [
      { alg: 'none', typ: 'JWT' },
      { alg: 'HS256', typ: 'JWT' },
      { alg: 'EdDSA' },
      { alg: 'EdDSA', typ: 'JWT', crit: ['x'] },
      ['EdDSA'],
    ]) {
      expect(() => verifyRelayJwt(forge(header, payload, secretKey), { now: iat })).toThrowError(
        code('INVALID_JWT'),
      )
    }
  })

  it('refuses signed payloads with missing or mistyped claims or exp before iat', () => {
    const iss = encodeDidKey(publicKey)
    const payloads = [
      { iss, sub: 'a', aud, iat },
      { iss, sub: 'a', aud, iat: String(iat), exp: iat + 60 },
      { iss, sub: 1, aud, iat, exp: iat + 60 },
      { iss, sub: 'a', aud, iat: iat + 0.5, exp: iat + 60 },
      { iss, sub: 'a', aud, iat, exp: iat - 1 },
      { iss: 'did:web:x', sub: 'a', aud, iat, exp: iat + 60 },
      null,
    ]
    for (const payload of payloads) {
      expect(() =>
        verifyRelayJwt(forge({ alg: 'EdDSA', typ: 'JWT' }, payload, secretKey), { now: iat }),
      ).toThrowError(code('INVALID_JWT'))
    }
  })

  it('accepts unknown extra claims such as the spec act claim', () => {
    const payload = { iss: encodeDidKey(publicKey), sub: 'a', aud, iat, exp: iat + 60, act: 'client_auth' }
    expect(verifyRelayJwt(forge({ alg: 'EdDSA', typ: 'JWT' }, payload, secretKey), { now: iat }).iat).toBe(
      iat,
    )
  })

  it('reports structural junk as INVALID_JWT and never anything but CryptoError', () => {
    const junk: unknown[] = [
      '',
      '.',
      '..',
      'a.b.c',
      `${token}.`,
      `${token}=`,
      token.replace('.', ''),
      'x'.repeat(10_000),
    ]
    junk.push(undefined, null, 42, {}, ['a', 'b', 'c'])
    for (const value of junk) {
      expect(() => verifyRelayJwt(value as string, { now: iat })).toThrowError(code('INVALID_JWT'))
    }
  })

  it('rejects bad options and bad signing parameters with INVALID_INPUT or INVALID_KEY', () => {
    expect(() => verifyRelayJwt(token, { now: Number.NaN })).toThrowError(code('INVALID_INPUT'))
    expect(() => verifyRelayJwt(token, { leewaySeconds: -1 })).toThrowError(code('INVALID_INPUT'))
    expect(() => verifyRelayJwt(token, { audience: 'ws://x' as unknown as () => boolean })).toThrow(
      CryptoError,
    )
    expect(() => signRelayJwt({ secretKey, aud: '' })).toThrowError(code('INVALID_INPUT'))
    expect(() => signRelayJwt({ secretKey, aud, ttl: 0 })).toThrowError(code('INVALID_INPUT'))
    expect(() => signRelayJwt({ secretKey, aud, iat: -5 })).toThrowError(code('INVALID_INPUT'))
    expect(() => signRelayJwt({ secretKey: new Uint8Array(16), aud })).toThrowError(code('INVALID_KEY'))
    const mismatched = new Uint8Array(64)
    mismatched.set(secretKey)
    mismatched.set(generateSigningKeyPair().publicKey, 32)
    expect(() => signRelayJwt({ secretKey: mismatched, aud })).toThrowError(code('INVALID_KEY'))
  })

  it('rejects malleated signatures: padded base64url and the non-canonical S + L form', () => {
    const [header = '', payload = '', signature = ''] = token.split('.')
    expect(() => verifyRelayJwt(`${token}==`, { now: iat })).toThrowError(code('INVALID_JWT'))
    const bytes = Buffer.from(signature, 'base64url')
    const order = 2n ** 252n + 27742317777372353535851937790883648493n
    const s = BigInt(`0x${toHex(Uint8Array.from(bytes.subarray(32)).reverse())}`) + order
    const sBytes = hex(s.toString(16).padStart(64, '0')).reverse()
    const malleated = Buffer.concat([bytes.subarray(0, 32), sBytes]).toString('base64url')
    expect(() => verifyRelayJwt(`${header}.${payload}.${malleated}`, { now: iat })).toThrowError(
      code('INVALID_JWT'),
    )
  })
})
