import { describe, expect, it, vi } from 'vitest'
import { rawProposal, signInRequest } from '../../conformance/support/fixtures.js'
import { newKeyPair } from '../../conformance/support/rawPeer.js'
import { nextEvent, useTestRelay, walletMetadata } from '../support/harness.js'
import { engineOf, inboundHandled } from '../support/internals.js'

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
    const request = nextEvent(wallet, 'session_authenticate')
    const { uri, response } = await dapp.authenticate({
      chains: ['eip155:1'],
      domain: 'dapp.example',
      uri: 'https://dapp.example',
      nonce: 'n0nce123',
    })
    await wallet.pair({ uri })
    const { id } = await request
    await wallet.approveSessionAuthenticate({ id, auths: [] })
    await expect(response()).rejects.toThrow('authenticate() response')
  })
})
