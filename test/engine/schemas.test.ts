import { describe, expect, it } from 'vitest'
import {
  isWcMethod,
  KeychainEntrySchema,
  ProposalNamespaceSchema,
  ProposalSchema,
  SessionNamespaceSchema,
  SessionSchema,
  VerifyContextSchema,
  WcMethodSchemas,
} from '../../engine/schemas/index.js'

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

  it('takes only stored keys of 32 bytes, as 64 lowercase hex digits', () => {
    const valid = (stored: string) => KeychainEntrySchema.safeParse({ tag: key, key: stored }).success
    expect(valid(key)).toBe(true)
    expect([valid('ab'), valid('a'.repeat(62)), valid('a'.repeat(66)), valid('A'.repeat(64))]).toEqual([
      false,
      false,
      false,
      false,
    ])
  })

  const requested = {
    eip155: {
      chains: ['eip155:1', 'eip155:10'],
      methods: ['personal_sign'],
      events: ['chainChanged'],
      rpcMap: { 'eip155:1': 'https://rpc.example/1' },
      defaultChain: 'eip155:10',
    },
  }
  const approved = {
    eip155: {
      chains: ['eip155:1'],
      accounts: ['eip155:1:0x8ba1f109551bd432803012645ac136ddd64dba72'],
      methods: ['personal_sign'],
      events: ['chainChanged'],
    },
  }

  it('ENT-17 a session holds every field of the entity, and keeps them all when stored', () => {
    const session = {
      topic: key,
      relay: { protocol: 'irn' },
      expiry: 1_700_604_800,
      namespaces: approved,
      acknowledged: false,
      pairingTopic: key,
      requiredNamespaces: {},
      optionalNamespaces: requested,
      controller: key,
      self: { publicKey: key, metadata },
      peer: { publicKey: 'b'.repeat(64), metadata: { ...metadata, name: 'Wallet' } },
      sessionProperties: { capabilities: '{}' },
      scopedProperties: { eip155: { walletName: 'w' } },
      sessionConfig: { disableDeepLink: true },
      transportType: 'relay' as const,
    }
    expect(SessionSchema.parse(session)).toEqual(session)
    expect(SessionSchema.safeParse({ ...session, transportType: 'carrier_pigeon' }).success).toBe(false)
  })

  it('ENT-18 a proposal holds every field of the entity, and keeps them all when stored', () => {
    const proposal = {
      id: 1_700_000_000_000_123,
      pairingTopic: key,
      expiryTimestamp: 1_700_000_300,
      proposer: { publicKey: key, metadata },
      requiredNamespaces: {},
      optionalNamespaces: requested,
      relays: [{ protocol: 'irn' }],
      sessionProperties: { bundler_name: 'pimlico' },
      scopedProperties: { eip155: { x: 1 } },
    }
    expect(ProposalSchema.parse(proposal)).toEqual(proposal)
  })

  it('ENT-19 namespaces hold chains, methods and events, with rpcMap and defaultChain when requested and accounts when approved', () => {
    expect(ProposalNamespaceSchema.parse(requested.eip155)).toEqual(requested.eip155)
    expect(SessionNamespaceSchema.parse(approved.eip155)).toEqual(approved.eip155)
    expect(SessionNamespaceSchema.safeParse({ ...approved.eip155, accounts: undefined }).success).toBe(false)
  })

  it('ENT-20 a verify context is verified {verifyUrl, validation, origin, isScam}, validation UNKNOWN, VALID or INVALID', () => {
    for (const validation of ['UNKNOWN', 'VALID', 'INVALID']) {
      const context = {
        verified: {
          verifyUrl: 'https://verify.example',
          validation,
          origin: 'https://dapp.example',
          isScam: false,
        },
      }
      expect(VerifyContextSchema.parse(context)).toEqual(context)
    }
    const scam = {
      verified: { verifyUrl: '', validation: 'INVALID', origin: 'https://evil.example', isScam: true },
    }
    expect(VerifyContextSchema.parse(scam)).toEqual(scam)
    expect(
      VerifyContextSchema.safeParse({ verified: { ...scam.verified, validation: 'TRUSTED' } }).success,
    ).toBe(false)
  })
})
