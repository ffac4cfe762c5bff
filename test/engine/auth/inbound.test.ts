import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it, vi } from 'vitest'
import { buildAuthObject, formatAuthMessage, parsePairingUri } from '../../../engine/index.js'
import { movableClock } from '../../conformance/support/clock.js'
import { rawProposal, signInRequest } from '../../conformance/support/fixtures.js'
import { newKeyPair, RawPeer } from '../../conformance/support/rawPeer.js'
import {
  approvedNamespaces,
  nextEvent,
  pairedSignIn,
  useTestRelay,
  walletMetadata,
} from '../support/harness.js'
import { engineOf, inboundHandled, runExpirer } from '../support/internals.js'

const harness = useTestRelay()
const { pool, peers } = harness

describe('a sign-in request the wallet declines unseen', () => {
  it('leaves no key behind: a dapp sending many cannot grow the keychain', async () => {
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const { peer, id, pairingTopic } = await rawProposal(harness.relay.url, wallet)
    peers.push(peer)
    const keychain = engineOf(wallet).stores.keychain
    const stored = vi.spyOn(keychain, 'set')

    // Malformed (no authPayload), so it is auto-rejected, sealed to the requester's key.
    const malformed = signInRequest(id + 1, newKeyPair().publicHex)
    delete malformed.params.authPayload
    await peer.publish(pairingTopic, malformed, 1116)
    // Its ping is answered only after the wallet handled what came before it on the topic.
    await peer.publish(pairingTopic, { id: id + 2, jsonrpc: '2.0', method: 'wc_pairingPing', params: {} })
    await peer.next((message) => message.payload.id === id + 2)
    await inboundHandled(wallet)

    const tags = stored.mock.calls.map(([tag]) => tag)
    expect(tags).not.toEqual([])
    expect(tags.filter((tag) => keychain.has(tag))).toEqual([])
  })
})

describe("a wallet's answer to authenticate()", () => {
  it('is refused when it holds no CACAO: an answer signing nothing does not sign the user in', async () => {
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const { request, response } = await pairedSignIn(dapp, wallet)
    const { id } = request
    await wallet.approveSessionAuthenticate({ id, auths: [] })
    await expect(response()).rejects.toThrow('authenticate() response')
  })
})

const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const iss = `did:pkh:eip155:1:${account.address}`

describe("a wallet's refusal of authenticate()", () => {
  it('takes the fallback proposal with its key pair: the refused sign-in leaves no key behind', async () => {
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const { request, response } = await pairedSignIn(dapp, wallet)
    const reason = { code: 12001, message: 'User rejected request.' }
    await wallet.rejectSessionAuthenticate({ id: request.id, reason })
    await expect(response()).rejects.toMatchObject(reason)
    await inboundHandled(dapp)

    expect(dapp.proposal.keys).toEqual([])
    // No public view shows the keychain: the context's is read. The fallback's key pair is the requester's.
    expect(engineOf(dapp).stores.keychain.has(request.params.requester.publicKey)).toBe(false)
  })
})

describe('a sign-in that wins over its fallback proposal', () => {
  it('ends the session a wallet began on the fallback: a settle sent there later connects no second session', async () => {
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const { uri, response } = await dapp.authenticate({
      chains: ['eip155:1'],
      domain: 'dapp.example',
      uri: 'https://dapp.example',
      nonce: 'n0nce123',
      methods: ['personal_sign'],
    })
    // A raw wallet answers the fallback proposal first, and holds its settle back.
    const peer = await RawPeer.open(harness.relay.url)
    peers.push(peer)
    const pairingTopic = peer.addSymKey(Buffer.from(parsePairingUri(uri).symKey, 'hex'))
    await peer.relay.subscribe(pairingTopic)
    const proposal = await peer.next((message) => message.payload.method === 'wc_sessionPropose')
    const { proposer } = proposal.payload.params as { proposer: { publicKey: string } }
    const keyPair = newKeyPair()
    const fallbackTopic = peer.addSharedKey(keyPair, proposer.publicKey)
    const result = { relay: { protocol: 'irn' }, responderPublicKey: keyPair.publicHex }
    await peer.publish(pairingTopic, { id: proposal.payload.id, jsonrpc: '2.0', result }, 1101)
    // No public view shows the keychain: the context's is read.
    const keychain = engineOf(dapp).stores.keychain
    await vi.waitFor(() => expect(keychain.has(fallbackTopic)).toBe(true))

    // Then the user signs in on our wallet.
    const signIn = nextEvent(wallet, 'session_authenticate')
    await wallet.pair({ uri })
    const { id, params } = await signIn
    const signature = await account.signMessage({ message: formatAuthMessage(params.authPayload, iss) })
    await wallet.approveSessionAuthenticate({
      id,
      auths: [buildAuthObject(params.authPayload, { t: 'eip191', s: signature }, iss)],
    })
    const { session } = await response()
    if (session === undefined) throw new Error('the sign-in granted no session')

    const connected = vi.fn()
    dapp.on('session_connect', connected)
    const settle = {
      relay: { protocol: 'irn' },
      namespaces: approvedNamespaces,
      controller: { publicKey: keyPair.publicHex, metadata: walletMetadata },
      expiry: Math.floor(Date.now() / 1000) + 86_400,
    }
    await peer.publish(
      fallbackTopic,
      { id: id + 10, jsonrpc: '2.0', method: 'wc_sessionSettle', params: settle },
      1102,
    )
    // The dapp answers a pairing ping only after it handled what came before it.
    await peer.publish(
      pairingTopic,
      { id: id + 11, jsonrpc: '2.0', method: 'wc_pairingPing', params: {} },
      1002,
    )
    await peer.next((message) => message.payload.id === id + 11)
    await inboundHandled(dapp)

    expect(connected).not.toHaveBeenCalled()
    expect(dapp.session.keys).toEqual([session.topic])
    expect(keychain.has(fallbackTopic)).toBe(false)
    expect(engineOf(dapp).relay.topics).not.toContain(fallbackTopic)
    // The key pair the two shared stays for the sign-in's own session, which still answers.
    await dapp.ping({ topic: session.topic })
  })
})

describe('a sign-in request the wallet holds', () => {
  it('outlives the five minutes an unused pairing gets: it is answered on its pairing until its own expiry', async () => {
    const clock = movableClock()
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata, clock })
    const { request, response } = await pairedSignIn(dapp, wallet)
    const { id, topic, params } = request

    // Ten minutes later the user comes back to the prompt; the dapp asked for an hour.
    clock.advance(600)
    runExpirer(wallet)
    await inboundHandled(wallet)
    expect(wallet.auth.requests.keys).toEqual([id])
    expect(wallet.pairing.keys).toEqual([topic])

    const signature = await account.signMessage({ message: formatAuthMessage(params.authPayload, iss) })
    const cacao = buildAuthObject(params.authPayload, { t: 'eip191', s: signature }, iss)
    await wallet.approveSessionAuthenticate({ id, auths: [cacao] })
    expect((await response()).auths).toEqual([cacao])
  })

  it('is held, with its pairing, no longer than the hour a dapp may ask, whatever expiry it names', async () => {
    const clock = movableClock()
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata, clock })
    const { peer, id, pairingTopic } = await rawProposal(harness.relay.url, wallet)
    peers.push(peer)
    const signIn = nextEvent(wallet, 'session_authenticate')
    const aDayOn = Math.floor(Date.now() / 1000) + 86_400
    await peer.publish(pairingTopic, signInRequest(id + 1, newKeyPair().publicHex, aDayOn), 1116)
    await signIn

    clock.advance(3_599)
    runExpirer(wallet)
    await inboundHandled(wallet)
    expect(wallet.auth.requests.keys).toEqual([id + 1])
    expect(wallet.pairing.keys).toEqual([pairingTopic])

    clock.advance(2)
    runExpirer(wallet)
    await inboundHandled(wallet)
    expect(wallet.auth.requests.keys).toEqual([])
    expect(wallet.pairing.keys).toEqual([])
  })
})
