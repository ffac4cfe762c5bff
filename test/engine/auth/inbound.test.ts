import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it, vi } from 'vitest'
import { buildAuthObject, formatAuthMessage } from '../../../engine/index.js'
import { movableClock } from '../../conformance/support/clock.js'
import { rawProposal, signInRequest } from '../../conformance/support/fixtures.js'
import { newKeyPair } from '../../conformance/support/rawPeer.js'
import { nextEvent, pairedSignIn, useTestRelay, walletMetadata } from '../support/harness.js'
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

describe('a sign-in request the wallet holds', () => {
  const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')

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

    const iss = `did:pkh:eip155:1:${account.address}`
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
