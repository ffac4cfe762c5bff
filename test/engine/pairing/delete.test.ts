import { describe, expect, it } from 'vitest'
import { parsePairingUri } from '../../../engine/index.js'
import { movableClock } from '../../conformance/support/clock.js'
import { rawProposal, signInRequest } from '../../conformance/support/fixtures.js'
import { newKeyPair } from '../../conformance/support/rawPeer.js'
import { nextEvent, requestedNamespaces, useTestRelay, walletMetadata } from '../support/harness.js'
import { inboundHandled, openApprovals, runExpirer } from '../support/internals.js'

const harness = useTestRelay()
const { pool, peers } = harness

describe('deleting a pairing', () => {
  it('takes the proposals (closing their prompts) and sign-in requests received on it, and no others', async () => {
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const other = await rawProposal(harness.relay.url, wallet)
    const { peer, id, pairingTopic } = await rawProposal(harness.relay.url, wallet)
    peers.push(peer, other.peer)
    const signIn = nextEvent(wallet, 'session_authenticate')
    await peer.publish(pairingTopic, signInRequest(id + 1, newKeyPair().publicHex), 1116)
    await signIn
    expect(wallet.auth.requests.keys).toEqual([id + 1])

    // The dapp deletes the pairing (wc_pairingDelete) and leaves what it sent on it behind.
    const closed = nextEvent(wallet, 'proposal_expire')
    await peer.publish(pairingTopic, {
      id: id + 2,
      jsonrpc: '2.0',
      method: 'wc_pairingDelete',
      params: { code: 6000, message: 'User disconnected.' },
    })
    await expect.poll(() => wallet.pairing.keys.includes(pairingTopic), { timeout: 10_000 }).toBe(false)
    await inboundHandled(wallet)
    expect(wallet.proposal.keys).toEqual([other.id])
    expect(await closed).toEqual({ id })
    expect(wallet.auth.requests.keys).toEqual([])
  })

  it('keeps the proposal of a connect() still waiting on it, whose expiry ends the wait as before', async () => {
    const clock = movableClock()
    const dapp = await pool.make(harness.relay.url, { clock })
    const { uri, approval } = await dapp.connect({ optionalNamespaces: requestedNamespaces })
    const waiting = approval()
    waiting.catch(() => {})
    const [id] = dapp.proposal.keys
    await dapp.disconnect({ topic: parsePairingUri(uri as string).topic })
    expect(dapp.proposal.keys).toEqual([id])
    expect(openApprovals(dapp)).toEqual([id])

    clock.advance(301)
    runExpirer(dapp)
    await expect(waiting).rejects.toThrow('Proposal expired')
  })
})
