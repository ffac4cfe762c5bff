import { describe, expect, it } from 'vitest'
import { MemoryStorage } from '../../storage/index.js'
import { movableClock } from '../conformance/support/clock.js'
import { rawProposal } from '../conformance/support/fixtures.js'
import {
  ADDRESS,
  approvedNamespaces,
  establishSession,
  nextEvent,
  requestedNamespaces,
  useTestRelay,
  walletMetadata,
} from './support/harness.js'
import { engineOf, runExpirer } from './support/internals.js'

const harness = useTestRelay()
const { pool, peers } = harness

describe('expiry of proposals and requests', () => {
  it('expires a proposal on both sides: proposal_expire, and approval() fails', async () => {
    const clock = movableClock()
    const dapp = await pool.make(harness.relay.url, { clock })
    const wallet = await pool.make(harness.relay.url, { clock, metadata: walletMetadata })
    const proposal = nextEvent(wallet, 'session_proposal')
    const { uri, approval } = await dapp.connect({ optionalNamespaces: requestedNamespaces })
    await wallet.pair({ uri: uri as string })
    const { id } = await proposal
    const dappExpired = nextEvent(dapp, 'proposal_expire')
    const walletExpired = nextEvent(wallet, 'proposal_expire')
    clock.advance(301)
    runExpirer(dapp)
    runExpirer(wallet)
    expect((await dappExpired).id).toBe(id)
    expect((await walletExpired).id).toBe(id)
    await expect(approval()).rejects.toMatchObject({ message: 'Proposal expired' })
    expect(wallet.proposal.length).toBe(0)
    await expect(wallet.approve({ id, namespaces: approvedNamespaces })).rejects.toMatchObject({ code: 5 })
  })

  it('a proposal of ours that expires unanswered takes its key pair with it', async () => {
    const clock = movableClock()
    const dapp = await pool.make(harness.relay.url, { clock })
    const { approval } = await dapp.connect({ optionalNamespaces: requestedNamespaces })
    const [proposal] = dapp.proposal.getAll()
    if (!proposal) throw new Error('connect() held no proposal')
    clock.advance(301)
    runExpirer(dapp)
    await expect(approval()).rejects.toMatchObject({ message: 'Proposal expired' })
    expect(engineOf(dapp).stores.keychain.has(proposal.proposer.publicKey)).toBe(false)
  })

  it("a peer's proposal that expires leaves our keys alone, even the one it names as its own", async () => {
    const clock = movableClock()
    const dapp = await pool.make(harness.relay.url, { clock })
    const wallet = await pool.make(harness.relay.url, { clock, metadata: walletMetadata })
    const { topic } = await establishSession(dapp, wallet)
    const { peer, id } = await rawProposal(harness.relay.url, wallet, {
      proposer: { publicKey: topic, metadata: walletMetadata },
      expiryTimestamp: Math.floor(clock.now() / 1000) + 100,
    })
    peers.push(peer)
    const expired = nextEvent(wallet, 'proposal_expire')
    clock.advance(101)
    runExpirer(wallet)
    expect((await expired).id).toBe(id)
    expect(engineOf(wallet).stores.keychain.has(topic)).toBe(true)
  })

  it('expires a pending session request: session_request_expire', async () => {
    const clock = movableClock()
    const dapp = await pool.make(harness.relay.url, { clock })
    const wallet = await pool.make(harness.relay.url, { clock, metadata: walletMetadata })
    const { topic } = await establishSession(dapp, wallet)
    const received = nextEvent(wallet, 'session_request')
    void dapp
      .request({ topic, chainId: 'eip155:1', request: { method: 'personal_sign', params: [] } })
      .catch(() => {})
    const { id } = await received
    const expired = nextEvent(wallet, 'session_request_expire')
    clock.advance(901)
    runExpirer(wallet)
    expect((await expired).id).toBe(id)
    expect(wallet.pendingRequest.length).toBe(0)
  })
})

describe('pairings', () => {
  it('pings and deletes a pairing', async () => {
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    await establishSession(dapp, wallet)
    const pairingTopic = dapp.pairing.keys[0] as string
    expect(wallet.pairing.get(pairingTopic).active).toBe(true)
    expect(wallet.pairing.get(pairingTopic).peerMetadata?.name).toBe('Test Dapp')
    await dapp.ping({ topic: pairingTopic })
    await dapp.disconnect({ topic: pairingTopic })
    expect(dapp.pairing.length).toBe(0)
    for (let i = 0; i < 50 && wallet.pairing.length > 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 20))
    expect(wallet.pairing.length).toBe(0)
  })

  it('answers unknown methods on a pairing with WC_METHOD_UNSUPPORTED', async () => {
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const { peer, pairingTopic } = await rawProposal(harness.relay.url, wallet)
    peers.push(peer)
    await peer.publish(pairingTopic, { id: 7, jsonrpc: '2.0', method: 'wc_somethingNew', params: {} })
    const answer = await peer.next((message) => message.payload.id === 7)
    expect(answer.payload.error).toEqual({ code: 10001, message: 'Unsupported wc_ method. wc_somethingNew' })
  })

  it('re-emits a known proposal when the same URI is paired again', async () => {
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const first = nextEvent(wallet, 'session_proposal')
    const { uri } = await dapp.connect({ optionalNamespaces: requestedNamespaces })
    await wallet.pair({ uri: uri as string })
    const { id } = await first
    const again = nextEvent(wallet, 'session_proposal')
    await wallet.pair({ uri: uri as string })
    expect((await again).id).toBe(id)
  })

  it('refuses a second approve() of a proposal already being approved', async () => {
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const proposal = nextEvent(wallet, 'session_proposal')
    const { uri, approval } = await dapp.connect({ optionalNamespaces: requestedNamespaces })
    await wallet.pair({ uri: uri as string })
    const { id } = await proposal
    const results = await Promise.allSettled([
      wallet.approve({ id, namespaces: approvedNamespaces }),
      wallet.approve({ id, namespaces: approvedNamespaces }),
    ])
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected'])
    await approval()
    expect(wallet.session.length).toBe(1)
  })
})

describe('restarts', () => {
  it('hands out a request that was pending when the wallet stopped', async () => {
    const storage = new MemoryStorage()
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { storage, metadata: walletMetadata })
    const { topic } = await establishSession(dapp, wallet)
    const received = nextEvent(wallet, 'session_request')
    const result = dapp.request<string>({
      topic,
      chainId: 'eip155:1',
      request: { method: 'personal_sign', params: [ADDRESS] },
    })
    const { id } = await received
    await wallet.close()
    const restarted = await pool.make(harness.relay.url, { storage, metadata: walletMetadata })
    const again = await nextEvent(restarted, 'session_request')
    expect(again.id).toBe(id)
    await restarted.respond({ topic, response: { id, jsonrpc: '2.0', result: 'after restart' } })
    await expect(result).resolves.toBe('after restart')
  })
})
