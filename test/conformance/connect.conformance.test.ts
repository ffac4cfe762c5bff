import { describe, expect, it } from 'vitest'
import type { Logger } from '../../engine/index.js'
import { useTestRelay, walletMetadata } from '../engine/support/harness.js'
import { movableClock } from './support/clock.js'
import { nextEvent } from './support/fixtures.js'

const harness = useTestRelay()
const { pool } = harness

const optional = { eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: ['chainChanged'] } }

describe('connect() conformance', () => {
  it('WC-20 pairing must exist and not be expired', async () => {
    const clock = movableClock()
    const dapp = await pool.make(harness.relay.url, { clock })
    await expect(
      dapp.connect({ pairingTopic: 'f'.repeat(64), optionalNamespaces: optional }),
    ).rejects.toMatchObject({
      code: 2,
      message: `No matching key. pairing topic doesn't exist: ${'f'.repeat(64)}`,
    })
    const { uri } = await dapp.connect({ optionalNamespaces: optional })
    const topic = dapp.pairing.keys[0] as string
    clock.advance(301)
    await expect(dapp.connect({ pairingTopic: topic, optionalNamespaces: optional })).rejects.toMatchObject({
      code: 6,
      message: `Expired. pairing topic: ${topic}`,
    })
    expect(dapp.pairing.keys).not.toContain(topic)
    const wallet = await pool.make(harness.relay.url, { clock, metadata: walletMetadata })
    await expect(wallet.pair({ uri: uri as string })).rejects.toMatchObject({ code: 6 })
  })

  it('WC-21 relays valid', async () => {
    const dapp = await pool.make(harness.relay.url)
    await expect(dapp.connect({ optionalNamespaces: optional, relays: [] })).rejects.toMatchObject({
      code: 5,
    })
    await expect(
      dapp.connect({ optionalNamespaces: optional, relays: [{ protocol: '' }] }),
    ).rejects.toMatchObject({ code: 5, message: expect.stringContaining('connect() relays') })
    await expect(
      dapp.connect({ optionalNamespaces: optional, relays: [{ protocol: 'irn' }] }),
    ).resolves.toBeDefined()
  })

  it('WC-22 requiredNamespaces deprecated (warning, merged into optional)', async () => {
    const warnings: string[] = []
    const ignore = () => {}
    const logger: Logger = {
      debug: ignore,
      info: ignore,
      error: ignore,
      warn: (message) => warnings.push(message),
    }
    const dapp = await pool.make(harness.relay.url, { logger })
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const proposal = nextEvent(wallet, 'session_proposal')
    const { uri } = await dapp.connect({
      requiredNamespaces: { eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: [] } },
      optionalNamespaces: { 'eip155:10': { methods: ['eth_sendTransaction'], events: ['chainChanged'] } },
    })
    expect(warnings).toContain(
      'requiredNamespaces are deprecated and are automatically assigned to optionalNamespaces',
    )
    await wallet.pair({ uri: uri as string })
    const { params } = await proposal
    expect(params.requiredNamespaces).toEqual({})
    expect(params.optionalNamespaces).toEqual({
      eip155: {
        chains: ['eip155:1', 'eip155:10'],
        methods: ['personal_sign', 'eth_sendTransaction'],
        events: ['chainChanged'],
      },
    })
  })

  it('WC-23 session and scoped property values not null', async () => {
    const dapp = await pool.make(harness.relay.url)
    await expect(
      dapp.connect({ optionalNamespaces: optional, sessionProperties: { caip154: null } }),
    ).rejects.toMatchObject({
      code: 5,
      message: expect.stringContaining('sessionProperties must contain an existing value'),
    })
    await expect(
      dapp.connect({ optionalNamespaces: optional, scopedProperties: { eip155: undefined } }),
    ).rejects.toMatchObject({
      code: 5,
      message: expect.stringContaining('scopedProperties must contain an existing value'),
    })
    await expect(
      dapp.connect({ optionalNamespaces: optional, sessionProperties: { capabilities: '{}' } }),
    ).resolves.toBeDefined()
  })

  it('WC-24 scoped keys a subset of requested namespaces', async () => {
    const dapp = await pool.make(harness.relay.url)
    await expect(
      dapp.connect({ optionalNamespaces: optional, scopedProperties: { solana: { x: 1 } } }),
    ).rejects.toMatchObject({
      code: 5,
      message: expect.stringContaining('Scoped properties must be a subset'),
    })
    await expect(
      dapp.connect({ optionalNamespaces: optional, scopedProperties: { 'eip155:1': { x: 1 } } }),
    ).resolves.toBeDefined()
  })

  it('namespaces must be well formed, with the spec codes', async () => {
    const dapp = await pool.make(harness.relay.url)
    await expect(
      dapp.connect({ optionalNamespaces: { eip155: { chains: ['1'], methods: [], events: [] } } }),
    ).rejects.toMatchObject({ code: 5100 })
    await expect(
      dapp.connect({ optionalNamespaces: { 'EIP!': { chains: ['eip155:1'], methods: [], events: [] } } }),
    ).rejects.toMatchObject({ code: 5104 })
  })
})
