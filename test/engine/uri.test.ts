import { formatUri as officialFormat, parseUri as officialParse } from '@walletconnect/utils'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { randomHex } from '../../crypto/index.js'
import { SignClientError } from '../../engine/errors.js'
import {
  MAX_PAIRING_URI_LENGTH,
  MAX_PAIRING_URI_METHOD_LENGTH,
  MAX_PAIRING_URI_METHODS,
} from '../../engine/limits.js'
import { formatPairingUri, parsePairingUri } from '../../engine/uri/index.js'

const topic = '7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9'
const symKey = '587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303'
const base = `wc:${topic}@2?symKey=${symKey}&relay-protocol=irn`
const methods = (count: number, length = 10) =>
  Array.from({ length: count }, (_, n) => `m${n}`.padEnd(length, 'x')).join(',')

describe('pairing URI', () => {
  it('writes the URI exactly as the official client does', () => {
    const uri = formatPairingUri({ topic, symKey, relay: { protocol: 'irn' }, expiryTimestamp: 1705667684 })
    expect(uri).toBe(`wc:${topic}@2?expiryTimestamp=1705667684&relay-protocol=irn&symKey=${symKey}`)
    expect(uri).toBe(
      officialFormat({
        protocol: 'wc',
        version: 2,
        topic,
        symKey,
        relay: { protocol: 'irn' },
        expiryTimestamp: 1705667684,
      }),
    )
  })

  it('adds methods for authenticate, as the official client does', () => {
    const params = {
      topic,
      symKey,
      relay: { protocol: 'irn' },
      expiryTimestamp: 1705667684,
      methods: ['wc_sessionAuthenticate'],
    }
    const uri = formatPairingUri(params)
    expect(uri).toContain('methods=wc_sessionAuthenticate')
    expect(uri).toBe(officialFormat({ protocol: 'wc', version: 2, ...params }))
  })

  it('round-trips any URI, and agrees with the official parser', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_600_000_000, max: 2_000_000_000 }),
        fc.option(
          fc.constantFrom(['wc_sessionAuthenticate'], ['wc_sessionPropose', 'wc_sessionAuthenticate']),
        ),
        (expiryTimestamp, methods) => {
          const parts = {
            topic: randomHex(32),
            symKey: randomHex(32),
            relay: { protocol: 'irn' },
            expiryTimestamp,
            ...(methods ? { methods: [...methods] } : {}),
          }
          const uri = formatPairingUri(parts)
          const parsed = parsePairingUri(uri)
          expect(parsed).toEqual({ protocol: 'wc', version: 2, ...parts })
          const official = officialParse(uri)
          expect(official.topic).toBe(parsed.topic)
          expect(official.symKey).toBe(parsed.symKey)
          expect(official.expiryTimestamp).toBe(parsed.expiryTimestamp)
          expect(official.relay).toEqual(parsed.relay)
          expect(official.methods).toEqual(parsed.methods)
        },
      ),
      { numRuns: 50 },
    )
  })

  it('parses the spec example, including its bracketed methods and wc:// form', () => {
    const example = `wc:${topic}@2?symKey=${symKey}&methods=[wc_sessionPropose],[wc_authRequest,wc_authBatchRequest]&relay-protocol=irn&expiryTimestamp=1705667684`
    const parsed = parsePairingUri(example)
    expect(parsed.methods).toEqual(['wc_sessionPropose', 'wc_authRequest', 'wc_authBatchRequest'])
    expect(parsePairingUri(example.replace('wc:', 'wc://')).topic).toBe(topic)
  })

  it.each([
    ['', 'is empty'],
    [`https://${topic}`, 'must start with "wc:"'],
    [`wc:${topic}?symKey=${symKey}&relay-protocol=irn`, 'has no version'],
    [`wc:${topic}@1?bridge=x&key=y`, 'v1 URI'],
    [`wc:${topic}@3?symKey=${symKey}&relay-protocol=irn`, 'unsupported version'],
    [`wc:abc@2?symKey=${symKey}&relay-protocol=irn`, 'topic must be 64 hex digits'],
    [`wc:${topic}@2?relay-protocol=irn`, '#symKey is missing'],
    [`wc:${topic}@2?symKey=zz&relay-protocol=irn`, '#symKey must be 64 hex digits'],
    [`wc:${topic}@2?symKey=${symKey}`, '#relay-protocol is missing'],
    [`wc:${topic}@2?symKey=${symKey}&relay-protocol=irn&expiryTimestamp=soon`, '#expiryTimestamp'],
    [`wc:${topic}@2?symKey=${symKey}&relay-protocol=waku`, '#relay-protocol "waku" is not supported'],
    [
      `${base}&relay-data=${'x'.repeat(MAX_PAIRING_URI_LENGTH - base.length - 11)}`,
      `is ${MAX_PAIRING_URI_LENGTH + 1} characters long, the limit is ${MAX_PAIRING_URI_LENGTH}`,
    ],
    [
      `${base}&methods=${methods(MAX_PAIRING_URI_METHODS + 1)}`,
      `#methods names ${MAX_PAIRING_URI_METHODS + 1} methods, the limit is ${MAX_PAIRING_URI_METHODS}`,
    ],
    [
      `${base}&methods=${methods(1, MAX_PAIRING_URI_METHOD_LENGTH + 1)}`,
      `has a method of ${MAX_PAIRING_URI_METHOD_LENGTH + 1} characters, the limit is ${MAX_PAIRING_URI_METHOD_LENGTH}`,
    ],
  ])('rejects %j with a clear reason', (uri, reason) => {
    let caught: unknown
    try {
      parsePairingUri(uri)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(SignClientError)
    expect((caught as SignClientError).code).toBe(5)
    expect((caught as SignClientError).message).toContain(reason)
  })

  it('takes a URI at each cap: its length, its methods and their length', () => {
    const atLength = `${base}&relay-data=${'x'.repeat(MAX_PAIRING_URI_LENGTH - base.length - 12)}`
    expect(atLength).toHaveLength(MAX_PAIRING_URI_LENGTH)
    expect(parsePairingUri(atLength).relay.data).toHaveLength(MAX_PAIRING_URI_LENGTH - base.length - 12)
    expect(parsePairingUri(`${base}&methods=${methods(MAX_PAIRING_URI_METHODS)}`).methods).toHaveLength(
      MAX_PAIRING_URI_METHODS,
    )
    expect(parsePairingUri(`${base}&methods=${methods(1, MAX_PAIRING_URI_METHOD_LENGTH)}`).methods).toEqual([
      methods(1, MAX_PAIRING_URI_METHOD_LENGTH),
    ])
  })
})
