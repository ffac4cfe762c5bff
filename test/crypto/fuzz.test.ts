// Random and mutated input at every decoder that faces the network: whatever arrives, the only thing
// allowed out is a CryptoError. 10,000 cases in all.
import { ed25519 } from '@noble/curves/ed25519.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  base58btcToBytes,
  base64ToBytes,
  base64urlToBytes,
  bytesToUtf8,
  CryptoError,
  decodeEnvelope,
  encodeDidKey,
  encodeEnvelope,
  hexToBytes,
  inspectEnvelope,
  randomBytes,
} from '../../crypto/index.js'
import { decodeDidKey, generateSigningKeyPair, signRelayJwt, verifyRelayJwt } from '../../crypto/noble.js'

function onlyCryptoErrors(run: () => unknown): void {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(CryptoError)
  }
}

const tricky = fc.constantFrom(
  '=',
  '.',
  '-',
  '_',
  '+',
  '/',
  '1',
  'z',
  '\u0000',
  'ü',
  '\uD800',
  '💸',
  ' ',
  '0',
  'A',
)

/** A valid string with one edit applied: the inputs most likely to slip past shallow checks. */
function mutated(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(
      valid,
      fc.nat(),
      fc.oneof(tricky, fc.string({ minLength: 1, maxLength: 3 })),
      fc.constantFrom('replace', 'insert', 'delete', 'truncate', 'append', 'duplicate'),
    )
    .map(([text, at, piece, edit]) => {
      const i = text.length === 0 ? 0 : at % text.length
      switch (edit) {
        case 'replace':
          return text.slice(0, i) + piece + text.slice(i + 1)
        case 'insert':
          return text.slice(0, i) + piece + text.slice(i)
        case 'delete':
          return text.slice(0, i) + text.slice(i + 1)
        case 'truncate':
          return text.slice(0, i)
        case 'append':
          return text + piece
        default:
          return text + text
      }
    })
}

const anyString = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme-ascii' }))
const symKey = randomBytes(32)
const signer = generateSigningKeyPair()
const iss = encodeDidKey(signer.publicKey)

describe('fuzz', () => {
  it('decodeEnvelope and inspectEnvelope throw only CryptoError for 3,000 random and mutated envelopes', () => {
    const encoding = fc.constantFrom('base64' as const, 'base64url' as const)
    const valid = fc
      .tuple(fc.constantFrom(0 as const, 1 as const, 2 as const), fc.string(), encoding)
      .map(([type, message, enc]) =>
        type === 2
          ? encodeEnvelope({ type, message, encoding: enc })
          : encodeEnvelope({
              type,
              message,
              symKey,
              senderPublicKey: type === 1 ? signer.publicKey : undefined,
              encoding: enc,
            }),
      )
    const rawBytes = fc
      .tuple(fc.constantFrom(0, 1, 2, 3, 255), fc.uint8Array({ maxLength: 120 }))
      .map(([type, body]) => Buffer.concat([Buffer.of(type), body]).toString('base64'))
    fc.assert(
      fc.property(
        fc.oneof(mutated(valid), rawBytes, anyString),
        encoding,
        fc.constantFrom(symKey, randomBytes(32), undefined),
        (encoded, enc, key) => {
          onlyCryptoErrors(() => decodeEnvelope({ encoded, encoding: enc, symKey: key }))
          onlyCryptoErrors(() => inspectEnvelope(encoded, enc))
        },
      ),
      { numRuns: 3000 },
    )
  })

  it('decodeDidKey throws only CryptoError for 2,000 random and mutated dids', () => {
    const valid = fc.constant(null).map(() => encodeDidKey(generateSigningKeyPair().publicKey))
    fc.assert(
      fc.property(
        fc.oneof(
          mutated(valid),
          anyString,
          anyString.map((s) => `did:key:z${s}`),
        ),
        (did) => {
          onlyCryptoErrors(() => decodeDidKey(did))
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('verifyRelayJwt throws only CryptoError for 3,000 mutated, re-signed and random tokens', () => {
    const aud = 'ws://127.0.0.1:8787'
    const valid = fc
      .integer({ min: 0, max: 2_000_000_000 })
      .map((iat) => signRelayJwt({ secretKey: signer.secretKey, aud, iat }))
    const segment = (value: unknown) =>
      Buffer.from(JSON.stringify(value) ?? 'undefined').toString('base64url')
    const claim = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.constant(null), fc.boolean())
    // Correctly signed tokens with hostile claims reach the checks that run after the signature.
    const resigned = fc
      .record({
        header: fc.oneof(fc.constant({ alg: 'EdDSA', typ: 'JWT' }), fc.jsonValue()),
        payload: fc.oneof(
          fc.record({
            iss: fc.oneof(fc.constant(iss), claim),
            sub: claim,
            aud: claim,
            iat: claim,
            exp: claim,
          }),
          fc.jsonValue(),
        ),
      })
      .map(({ header, payload }) => {
        const input = `${segment(header)}.${segment(payload)}`
        return `${input}.${Buffer.from(ed25519.sign(Buffer.from(input), signer.secretKey)).toString('base64url')}`
      })
    const options = fc.record(
      {
        now: fc.oneof(fc.integer(), fc.double()),
        leewaySeconds: fc.oneof(fc.nat(), fc.double()),
        audience: fc.constantFrom(
          (value: string) => value === aud,
          (value: string) => value.length > 3,
        ),
      },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(fc.oneof(mutated(valid), resigned, anyString), options, (token, opts) => {
        onlyCryptoErrors(() => verifyRelayJwt(token, opts))
      }),
      { numRuns: 3000 },
    )
  })

  it('the codecs throw only CryptoError for 2,000 random strings and byte strings', () => {
    fc.assert(
      fc.property(anyString, fc.uint8Array({ maxLength: 64 }), (text, bytes) => {
        onlyCryptoErrors(() => hexToBytes(text))
        onlyCryptoErrors(() => base64ToBytes(text))
        onlyCryptoErrors(() => base64urlToBytes(text))
        onlyCryptoErrors(() => base58btcToBytes(text))
        onlyCryptoErrors(() => bytesToUtf8(bytes))
      }),
      { numRuns: 2000 },
    )
  })
})
