import { describe, expect, it } from 'vitest'
import { isWcMethod, SessionSchema, WcMethodSchemas } from '../../engine/schemas/index.js'

const key = 'a'.repeat(64)
const metadata = { name: 'Dapp', description: 'd', url: 'https://dapp.example', icons: [] }

describe('wc_ payload schemas', () => {
  it('accepts a proposal as the official 2.25 client sends it, extra fields and all', () => {
    const parsed = WcMethodSchemas.wc_sessionPropose.params.parse({
      requiredNamespaces: {},
      optionalNamespaces: { eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: [] } },
      relays: [{ protocol: 'irn' }],
      proposer: { publicKey: key, metadata },
      expiryTimestamp: 1_700_000_300,
      pairingTopic: key,
      id: 1_700_000_000_000_123,
      somethingNew: { x: 1 },
    })
    expect(parsed.optionalNamespaces.eip155?.methods).toEqual(['personal_sign'])
    expect('somethingNew' in parsed).toBe(false)
  })

  it('fills missing display metadata instead of failing the handshake', () => {
    const parsed = WcMethodSchemas.wc_sessionPropose.params.parse({
      relays: [{ protocol: 'irn' }],
      proposer: { publicKey: key, metadata: { name: 'Bare' } },
    })
    expect(parsed.proposer.metadata).toEqual({ name: 'Bare', description: '', url: '', icons: [] })
    expect(parsed.requiredNamespaces).toEqual({})
  })

  it('rejects payloads missing what the protocol needs', () => {
    expect(
      WcMethodSchemas.wc_sessionPropose.params.safeParse({
        relays: [],
        proposer: { publicKey: key, metadata },
      }).success,
    ).toBe(false)
    expect(WcMethodSchemas.wc_sessionSettle.params.safeParse({ relay: { protocol: 'irn' } }).success).toBe(
      false,
    )
    expect(
      WcMethodSchemas.wc_sessionRequest.params.safeParse({ request: { params: [] }, chainId: 'eip155:1' })
        .success,
    ).toBe(false)
    expect(
      WcMethodSchemas.wc_sessionEvent.params.safeParse({ event: { data: 1 }, chainId: 'eip155:1' }).success,
    ).toBe(false)
    expect(WcMethodSchemas.wc_sessionDelete.params.safeParse({ code: '6000' }).success).toBe(false)
    expect(
      WcMethodSchemas.wc_sessionPropose.result.safeParse({
        relay: { protocol: 'irn' },
        responderPublicKey: 'xyz',
      }).success,
    ).toBe(false)
  })

  it('accepts both extend forms: the official empty params and the spec expiry', () => {
    expect(WcMethodSchemas.wc_sessionExtend.params.parse({})).toEqual({})
    expect(WcMethodSchemas.wc_sessionExtend.params.parse({ expiry: 1 })).toEqual({ expiry: 1 })
  })

  it('CALL-11 knows every wc_ method name', () => {
    const signMethods = Object.keys(WcMethodSchemas).filter((method) => method.startsWith('wc_session'))
    expect(signMethods.sort()).toEqual(
      [
        'wc_sessionPropose',
        'wc_sessionSettle',
        'wc_sessionUpdate',
        'wc_sessionExtend',
        'wc_sessionPing',
        'wc_sessionDelete',
        'wc_sessionRequest',
        'wc_sessionEvent',
        'wc_sessionAuthenticate',
      ].sort(),
    )
    expect(isWcMethod('wc_sessionRequest')).toBe(true)
    expect(isWcMethod('wc_authRequest')).toBe(false)
    expect(isWcMethod('toString')).toBe(false)
  })

  it('validates stored sessions', () => {
    const session = {
      topic: key,
      pairingTopic: key,
      relay: { protocol: 'irn' },
      expiry: 1,
      acknowledged: true,
      controller: key,
      namespaces: {},
      requiredNamespaces: {},
      optionalNamespaces: {},
      self: { publicKey: key, metadata },
      peer: { publicKey: key, metadata },
    }
    expect(SessionSchema.safeParse(session).success).toBe(true)
    expect(SessionSchema.safeParse({ ...session, topic: 'nope' }).success).toBe(false)
  })
})
