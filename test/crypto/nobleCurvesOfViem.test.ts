import { readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { encodeDidKey } from '../../crypto/index.js'
import {
  decodeDidKey,
  deriveSymKey,
  generateKeyPair,
  generateSigningKeyPair,
  nobleCrypto,
  publicKeyFromPrivateKey,
  signingPublicKey,
  signRelayJwt,
  verifyRelayJwt,
} from '../../crypto/noble.js'
import { verifyEd25519 } from '../../crypto/verifyEd25519.js'
import jwtVectors from '../vectors/jwt.json' with { type: 'json' }
import keyVectors from '../vectors/keys.json' with { type: 'json' }
import { hex, toHex } from './hex.js'

/**
 * A dapp's tree holds the @noble/curves that viem pins (1.9), and ours is an optional peer so that it stays
 * the only copy: every primitive here runs on that copy, found the way viem finds it, instead of on the 2.x
 * the workspace installs for the servers.
 */
vi.mock('@noble/curves/ed25519.js', async () => {
  const { curvesOfViem } = await import('./curvesOfViem.js')
  return import(curvesOfViem().module('ed25519.js'))
})

const invalid = (code: string) => expect.objectContaining({ code })

describe('the pure-JavaScript primitives on the @noble/curves viem pins', () => {
  it('loads the 1.x copy viem resolves, not the workspace 2.x', async () => {
    const { curvesOfViem } = await import('./curvesOfViem.js')
    const { version } = JSON.parse(readFileSync(curvesOfViem().packageJson, 'utf8')) as { version: string }
    expect(version).toMatch(/^1\./)
    const mocked = await import('@noble/curves/ed25519.js')
    expect('ExtendedPoint' in mocked.ed25519).toBe(true)
  })

  it.each(keyVectors.vectors)('derives the official X25519 public keys and sym key ($topic)', (vector) => {
    expect(toHex(publicKeyFromPrivateKey(hex(vector.privateKeyA)))).toBe(vector.publicKeyA)
    expect(toHex(deriveSymKey(hex(vector.privateKeyA), hex(vector.publicKeyB)))).toBe(vector.symKey)
    expect(toHex(deriveSymKey(hex(vector.privateKeyB), hex(vector.publicKeyA)))).toBe(vector.symKey)
  })

  it('generates key pairs that agree, and refuses a low-order peer key', () => {
    const a = generateKeyPair()
    const b = generateKeyPair()
    expect(toHex(deriveSymKey(a.privateKey, b.publicKey))).toBe(
      toHex(deriveSymKey(b.privateKey, a.publicKey)),
    )
    expect(() => deriveSymKey(a.privateKey, new Uint8Array(32))).toThrowError(invalid('INVALID_KEY'))
  })

  it.each(
    jwtVectors.vectors,
  )('signs the official relay JWT byte for byte and verifies it ($aud)', (vector) => {
    const claims = { aud: vector.aud, sub: vector.sub, iat: vector.iat, ttl: vector.ttl }
    expect(signRelayJwt({ secretKey: hex(vector.seed), ...claims })).toBe(vector.jwt)
    expect(verifyRelayJwt(vector.jwt, { now: vector.iat + 1 }).iss).toBe(vector.iss)
  })

  it('decodes a did:key of a fresh signing key, and refuses one that is no point or of small order', () => {
    const { secretKey, publicKey } = generateSigningKeyPair()
    expect(toHex(signingPublicKey(secretKey))).toBe(toHex(publicKey))
    expect(toHex(decodeDidKey(encodeDidKey(publicKey)))).toBe(toHex(publicKey))
    const notAPoint = hex('02'.padEnd(64, '0'))
    const identity = hex('01'.padEnd(64, '0'))
    // y = p, the identity's y plus the field prime: an encoding RFC 8032 refuses even though it decodes mod p.
    const nonCanonical = hex(`ee${'ff'.repeat(30)}7f`)
    for (const key of [notAPoint, identity, nonCanonical])
      expect(() => decodeDidKey(encodeDidKey(key))).toThrowError(invalid('INVALID_DID'))
  })

  it('nobleCrypto signs what Ed25519 verification accepts, with no Web Crypto to lean on', async () => {
    const { secretKey, publicKey } = await nobleCrypto.generateSigningKeyPair()
    const message = new TextEncoder().encode('sign in')
    const signature = await nobleCrypto.sign(message, secretKey)
    expect(await verifyEd25519(message, signature, publicKey, null)).toBe(true)
    expect(await verifyEd25519(new TextEncoder().encode('sign out'), signature, publicKey, null)).toBe(false)
    expect(await verifyEd25519(message, signature, new Uint8Array(32), null)).toBe(false)
  })
})
