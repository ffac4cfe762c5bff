import { describe, expect, it } from 'vitest'
import { ADDRESS, useTestRelay, walletMetadata } from '../engine/support/harness.js'
import { movableClock } from './support/clock.js'
import { rawProposal } from './support/fixtures.js'

const harness = useTestRelay()
const { pool, peers } = harness

const namespaces = {
  eip155: { accounts: [`eip155:1:${ADDRESS}`], methods: ['personal_sign'], events: ['chainChanged'] },
}

async function walletWithProposal(params: Record<string, unknown> = {}, clock = movableClock()) {
  const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata, clock })
  const proposal = await rawProposal(harness.relay.url, wallet, params)
  peers.push(proposal.peer)
  return { wallet, clock, ...proposal }
}

describe('approve() conformance', () => {
  it('WC-02 approving creates a pending session, subscribes to the session topic and activates the pairing', async () => {
    const { wallet, peer, pairingTopic, keyPair, id } = await walletWithProposal()
    expect(wallet.pairing.get(pairingTopic).active).toBe(false)
    const { topic, acknowledged } = await wallet.approve({ id, namespaces })

    // Pending: stored, but not acknowledged until the dapp answers the settle request.
    const pending = wallet.session.get(topic)
    expect(pending.acknowledged).toBe(false)
    expect(pending.namespaces).toEqual(namespaces)
    expect(wallet.pairing.get(pairingTopic).active).toBe(true)
    expect(wallet.engine.relay.topics).toContain(topic)

    // The dapp's answer on the session topic reaches the wallet: it is subscribed there.
    expect(peer.addSharedKey(keyPair, pending.self.publicKey)).toBe(topic)
    await peer.relay.subscribe(topic)
    const settle = await peer.next((message) => message.payload.method === 'wc_sessionSettle')
    await peer.publish(topic, { id: settle.payload.id, jsonrpc: '2.0', result: true }, 1103)
    expect((await acknowledged()).acknowledged).toBe(true)
  })

  it('WC-25 WC-06 proposal id exists and not expired', async () => {
    const { wallet, clock, id } = await walletWithProposal()
    await expect(wallet.approve({ id: 12345, namespaces })).rejects.toMatchObject({
      code: 2,
      message: "No matching key. proposal id doesn't exist: 12345",
    })
    await expect(wallet.approve({ id: 'x' as unknown as number, namespaces })).rejects.toMatchObject({
      code: 5,
    })
    clock.advance(301)
    await expect(wallet.approve({ id, namespaces })).rejects.toMatchObject({
      code: 6,
      message: `Expired. proposal id: ${id}`,
    })
    expect(wallet.proposal.length).toBe(0)
  })

  it('WC-26 namespaces satisfy required', async () => {
    const { wallet, id } = await walletWithProposal({
      requiredNamespaces: {
        eip155: { chains: ['eip155:1', 'eip155:10'], methods: ['personal_sign'], events: [] },
      },
    })
    await expect(wallet.approve({ id, namespaces })).rejects.toMatchObject({
      code: 9,
      message: expect.stringContaining("namespaces chains don't satisfy required namespaces"),
    })
    await expect(
      wallet.approve({
        id,
        namespaces: { eip155: { accounts: [`eip155:${ADDRESS}`], methods: [], events: [] } },
      }),
    ).rejects.toMatchObject({ code: 5103 })
    const both = {
      eip155: {
        accounts: [`eip155:1:${ADDRESS}`, `eip155:10:${ADDRESS}`],
        methods: ['personal_sign'],
        events: [],
      },
    }
    await expect(wallet.approve({ id, namespaces: both })).resolves.toMatchObject({
      topic: expect.any(String),
    })
  })

  it('WC-27 relayProtocol a string', async () => {
    const { wallet, id } = await walletWithProposal()
    await expect(
      wallet.approve({ id, namespaces, relayProtocol: 42 as unknown as string }),
    ).rejects.toMatchObject({
      code: 5,
      message: 'Missing or invalid. approve() relayProtocol: 42',
    })
  })

  it('session and scoped property values not null', async () => {
    const { wallet, id } = await walletWithProposal()
    await expect(wallet.approve({ id, namespaces, sessionProperties: { a: null } })).rejects.toMatchObject({
      code: 5,
    })
    await expect(
      wallet.approve({ id, namespaces, scopedProperties: { eip155: null } }),
    ).rejects.toMatchObject({ code: 5 })
  })

  it('WC-28 scoped keys a subset of approved namespaces', async () => {
    const { wallet, id } = await walletWithProposal()
    await expect(
      wallet.approve({ id, namespaces, scopedProperties: { solana: { a: 1 } } }),
    ).rejects.toMatchObject({
      code: 5,
      message: expect.stringContaining('Scoped properties must be a subset of approved namespaces'),
    })
    await expect(
      wallet.approve({ id, namespaces, scopedProperties: { 'eip155:1': { a: 1 } } }),
    ).resolves.toBeDefined()
  })

  it('an invalid incoming proposal is auto-rejected with tag 1121', async () => {
    const { wallet, peer, pairingTopic, id } = await walletWithProposal()
    let emitted = 0
    wallet.on('session_proposal', () => {
      emitted++
    })
    const bad = { relays: [], proposer: { publicKey: 'zz', metadata: walletMetadata } }
    await peer.publish(
      pairingTopic,
      { id: id + 1, jsonrpc: '2.0', method: 'wc_sessionPropose', params: bad },
      1100,
    )
    const answer = await peer.next((message) => message.payload.id === id + 1)
    expect(answer.tag).toBe(1121)
    expect(answer.payload.error).toMatchObject({ code: 5 })
    expect(emitted).toBe(0)
  })
})
