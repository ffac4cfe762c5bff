// Live cross-compatibility with the official packages (devDependencies, test-only): each side must read
// what the other writes, for fresh random keys on every run.
import {
  encodeIss,
  generateKeyPair as officialSigningKeyPair,
  signJWT,
  verifyJWT,
} from '@walletconnect/relay-auth'
import {
  decrypt,
  encrypt,
  deriveSymKey as officialDeriveSymKey,
  hashKey as officialHashKey,
  generateKeyPair as officialKeyPair,
} from '@walletconnect/utils'
import { describe, expect, it } from 'vitest'
import { decodeEnvelope, encodeDidKey, encodeEnvelope } from '../../crypto/index.js'
import {
  deriveSymKey,
  generateKeyPair,
  generateSigningKeyPair,
  signRelayJwt,
  topicFromSymKey,
  verifyRelayJwt,
} from '../../crypto/noble.js'
import { hex, toHex } from './hex.js'

const message = JSON.stringify({
  id: '1732170000000123456',
  jsonrpc: '2.0',
  method: 'wc_sessionRequest',
  params: { x: 'ü✓' },
})

describe('interop with @walletconnect/utils', () => {
  it('agrees on the session sym key and topic across an official and an own key pair', () => {
    const theirs = officialKeyPair()
    const ours = generateKeyPair()
    const officialSym = officialDeriveSymKey(theirs.privateKey, toHex(ours.publicKey))
    const ownSym = deriveSymKey(ours.privateKey, hex(theirs.publicKey))
    expect(toHex(ownSym)).toBe(officialSym)
    expect(topicFromSymKey(ownSym)).toBe(officialHashKey(officialSym))
  })

  it.each([
    'base64',
    'base64url',
  ] as const)('lets the official decrypt open our type 0 and type 1 (%s)', (encoding) => {
    const symKey = generateKeyPair().privateKey
    const sender = generateKeyPair().publicKey
    const official = encoding === 'base64' ? 'base64pad' : 'base64url'
    const typeZero = encodeEnvelope({ type: 0, message, symKey, encoding })
    const typeOne = encodeEnvelope({ type: 1, message, symKey, senderPublicKey: sender, encoding })
    expect(decrypt({ symKey: toHex(symKey), encoded: typeZero, encoding: official })).toBe(message)
    expect(decrypt({ symKey: toHex(symKey), encoded: typeOne, encoding: official })).toBe(message)
  })

  it.each(['base64', 'base64url'] as const)('opens the official type 0 and type 1 (%s)', (encoding) => {
    const symKey = toHex(generateKeyPair().privateKey)
    const sender = officialKeyPair().publicKey
    const official = encoding === 'base64' ? 'base64pad' : 'base64url'
    const typeZero = encrypt({ type: 0, message, symKey, encoding: official })
    const typeOne = encrypt({ type: 1, message, symKey, senderPublicKey: sender, encoding: official })
    expect(decodeEnvelope({ encoded: typeZero, symKey: hex(symKey), encoding })).toEqual({ type: 0, message })
    expect(decodeEnvelope({ encoded: typeOne, symKey: hex(symKey), encoding })).toEqual({
      type: 1,
      message,
      senderPublicKey: hex(sender),
    })
  })
})

describe('interop with @walletconnect/relay-auth', () => {
  it('has our JWT pass the official verifyJWT and our did:key equal encodeIss', async () => {
    const { secretKey, publicKey } = generateSigningKeyPair()
    const token = signRelayJwt({ secretKey, aud: 'ws://127.0.0.1:8787' })
    expect(await verifyJWT(token)).toBe(true)
    expect(encodeDidKey(publicKey)).toBe(encodeIss(publicKey))
  })

  it('verifies the official signJWT token and reads its claims', async () => {
    const keyPair = officialSigningKeyPair()
    const sub = toHex(generateKeyPair().privateKey)
    const token = await signJWT(sub, 'wss://relay.example', 86_400, keyPair)
    const claims = verifyRelayJwt(token, { audience: (aud) => aud === 'wss://relay.example' })
    expect(claims.iss).toBe(encodeIss(keyPair.publicKey))
    expect(claims.sub).toBe(sub)
    expect(claims.exp - claims.iat).toBe(86_400)
    expect(claims.publicKey).toEqual(keyPair.publicKey)
  })
})
