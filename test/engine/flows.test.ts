import { describe, expect, it } from 'vitest'
import { SignClientError } from '../../engine/index.js'
import {
  ADDRESS,
  approvedNamespaces,
  establishSession,
  nextEvent,
  requestedNamespaces,
  useTestRelay,
  walletMetadata,
} from './support/harness.js'

const harness = useTestRelay()
const { pool } = harness

async function pairOfClients() {
  const dapp = await pool.make(harness.relay.url)
  const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
  return { dapp, wallet }
}

describe('Sign flows between two of our clients through the relay', () => {
  it('connects: proposal, approval, settlement and acknowledgement', async () => {
    const { dapp, wallet } = await pairOfClients()
    const proposal = nextEvent(wallet, 'session_proposal')
    const connected = nextEvent(dapp, 'session_connect')
    const { uri, approval } = await dapp.connect({ optionalNamespaces: requestedNamespaces })
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?expiryTimestamp=\d+&relay-protocol=irn&symKey=[0-9a-f]{64}$/)
    await wallet.pair({ uri: uri as string })
    const event = await proposal
    expect(event.params.optionalNamespaces).toEqual(requestedNamespaces)
    expect(event.params.proposer.metadata.name).toBe('Test Dapp')
    expect(event.verifyContext.verified.validation).toBe('UNKNOWN')
    expect(wallet.proposal.keys).toEqual([event.id])

    const { topic, acknowledged } = await wallet.approve({ id: event.id, namespaces: approvedNamespaces })
    const session = await approval()
    expect(session.topic).toBe(topic)
    expect(session.namespaces).toEqual(approvedNamespaces)
    expect(session.peer.metadata.name).toBe('Test Wallet')
    expect((await connected).session.topic).toBe(topic)
    const walletSession = await acknowledged()
    expect(walletSession.acknowledged).toBe(true)
    expect(dapp.session.keys).toEqual([topic])
    expect(wallet.session.get(topic).controller).toBe(wallet.session.get(topic).self.publicKey)
    expect(dapp.session.get(topic).controller).toBe(wallet.session.get(topic).self.publicKey)
    expect(wallet.proposal.length).toBe(0)
    expect(dapp.proposal.length).toBe(0)
  })

  it('carries a request and its result, and a rejected request as an error', async () => {
    const { dapp, wallet } = await pairOfClients()
    const { topic } = await establishSession(dapp, wallet)
    wallet.on('session_request', ({ id, params }) => {
      const response =
        params.request.method === 'personal_sign'
          ? { id, jsonrpc: '2.0' as const, result: '0xsigned' }
          : { id, jsonrpc: '2.0' as const, error: { code: 4001, message: 'User rejected request.' } }
      pool.inBackground(wallet.respond({ topic, response }))
    })
    const sent = nextEvent(dapp, 'session_request_sent')
    const result = await dapp.request<string>({
      topic,
      chainId: 'eip155:1',
      request: { method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] },
    })
    expect(result).toBe('0xsigned')
    expect((await sent).request.method).toBe('personal_sign')
    const failed = dapp.request({
      topic,
      chainId: 'eip155:10',
      request: { method: 'eth_sendTransaction', params: [] },
    })
    await expect(failed).rejects.toMatchObject({ code: 4001, message: 'User rejected request.' })
    await expect(failed).rejects.toBeInstanceOf(SignClientError)
    expect(wallet.pendingRequest.length).toBe(0)
  })

  it('updates namespaces, extends, pings both ways and emits events', async () => {
    const { dapp, wallet } = await pairOfClients()
    const { topic } = await establishSession(dapp, wallet)

    const updated = nextEvent(dapp, 'session_update')
    const namespaces = {
      eip155: {
        ...approvedNamespaces.eip155,
        accounts: [...approvedNamespaces.eip155.accounts, `eip155:1:${'0x'.padEnd(42, '1')}`],
      },
    }
    const { acknowledged: updateAck } = await wallet.update({ topic, namespaces })
    await updateAck()
    expect((await updated).params.namespaces).toEqual(namespaces)
    expect(dapp.session.get(topic).namespaces).toEqual(namespaces)

    const before = dapp.session.get(topic).expiry
    const extended = nextEvent(dapp, 'session_extend')
    const { acknowledged: extendAck } = await wallet.extend({ topic })
    await extendAck()
    await extended
    expect(dapp.session.get(topic).expiry).toBeGreaterThanOrEqual(before)

    const pinged = nextEvent(wallet, 'session_ping')
    const started = Date.now()
    await dapp.ping({ topic })
    expect(Date.now() - started).toBeGreaterThanOrEqual(500)
    expect((await pinged).topic).toBe(topic)
    await wallet.ping({ topic })

    const event = nextEvent(dapp, 'session_event')
    await wallet.emit({ topic, chainId: 'eip155:1', event: { name: 'accountsChanged', data: [ADDRESS] } })
    expect((await event).params).toEqual({
      event: { name: 'accountsChanged', data: [ADDRESS] },
      chainId: 'eip155:1',
    })
  })

  it('disconnects: the peer gets session_delete and both forget the session', async () => {
    const { dapp, wallet } = await pairOfClients()
    const { topic } = await establishSession(dapp, wallet)
    const deleted = nextEvent(wallet, 'session_delete')
    await dapp.disconnect({ topic })
    expect((await deleted).topic).toBe(topic)
    expect(dapp.session.length).toBe(0)
    expect(wallet.session.length).toBe(0)
  })

  it('rejects a proposal: approval() fails with the wallet reason', async () => {
    const { dapp, wallet } = await pairOfClients()
    const proposal = nextEvent(wallet, 'session_proposal')
    const { uri, approval } = await dapp.connect({ optionalNamespaces: requestedNamespaces })
    await wallet.pair({ uri: uri as string })
    const { id } = await proposal
    await wallet.reject({ id, reason: { code: 5000, message: 'User rejected.' } })
    await expect(approval()).rejects.toMatchObject({ code: 5000, message: 'User rejected.' })
    expect(dapp.proposal.length).toBe(0)
    expect(wallet.proposal.length).toBe(0)
  })

  it('finds sessions that grant what is asked', async () => {
    const { dapp, wallet } = await pairOfClients()
    const { topic } = await establishSession(dapp, wallet)
    expect(
      dapp
        .find({
          requiredNamespaces: { eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: [] } },
        })
        .map((s) => s.topic),
    ).toEqual([topic])
    expect(
      dapp.find({ requiredNamespaces: { solana: { chains: ['solana:1'], methods: [], events: [] } } }),
    ).toEqual([])
  })
})
