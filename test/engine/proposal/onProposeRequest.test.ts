import { describe, expect, it } from 'vitest'
import { bytesToHex, randomBytes } from '../../../crypto/index.js'
import { formatPairingUri } from '../../../engine/index.js'
import { payloadId } from '../../../engine/jsonrpc/index.js'
import { MAX_PROPOSALS, MAX_PROPOSALS_PER_PAIRING } from '../../../engine/limits.js'
import { movableClock } from '../../conformance/support/clock.js'
import { nextEvent, rawProposal } from '../../conformance/support/fixtures.js'
import { newKeyPair, RawPeer } from '../../conformance/support/rawPeer.js'
import { dappMetadata, requestedNamespaces, useTestRelay, walletMetadata } from '../support/harness.js'
import { inboundHandled, runExpirer } from '../support/internals.js'

const harness = useTestRelay()
const { pool, peers } = harness

const nowSeconds = () => Math.floor(Date.now() / 1000)
const centuryAway = () => nowSeconds() + 100 * 365 * 86_400

/** A proposal's params as a raw dapp sends them, naming `expiryTimestamp`. */
const proposal = (proposerPublicKey: string, expiryTimestamp: number) => ({
  relays: [{ protocol: 'irn' }],
  requiredNamespaces: {},
  optionalNamespaces: requestedNamespaces,
  proposer: { publicKey: proposerPublicKey, metadata: dappMetadata },
  expiryTimestamp,
})

describe('a proposal the wallet receives', () => {
  it('is held no longer than the proposal lifetime, whatever expiry the dapp names', async () => {
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const { peer, id, pairingTopic } = await rawProposal(harness.relay.url, wallet, {
      expiryTimestamp: centuryAway(),
    })
    peers.push(peer)
    const held = wallet.proposal.get(id)
    expect(held.pairingTopic).toBe(pairingTopic)
    expect(held.expiryTimestamp).toBeGreaterThan(nowSeconds())
    expect(held.expiryTimestamp).toBeLessThanOrEqual(nowSeconds() + 300)
  })

  it('WC-06 is refused when already past its expiry: auto-rejected with EXPIRED, never shown', async () => {
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const { peer, id, pairingTopic, keyPair } = await rawProposal(harness.relay.url, wallet)
    peers.push(peer)
    let shown = 0
    wallet.on('session_proposal', () => {
      shown++
    })
    const params = proposal(keyPair.publicHex, nowSeconds() - 1)
    await peer.publish(
      pairingTopic,
      { id: id + 1, jsonrpc: '2.0', method: 'wc_sessionPropose', params },
      1100,
    )
    const answer = await peer.next((message) => message.payload.id === id + 1)
    expect(answer.tag).toBe(1121)
    expect(answer.payload.error).toMatchObject({ code: 6, message: expect.stringContaining('Expired.') })
    expect(shown).toBe(0)
    expect(wallet.proposal.keys).toEqual([id])
  })

  it('cannot keep a place under the proposal caps: once far-expiring proposals fill them, an honest one is shown five minutes on', async () => {
    const clock = movableClock()
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata, clock })
    const peer = await RawPeer.open(harness.relay.url)
    peers.push(peer)
    const proposer = newKeyPair()
    const pairings = MAX_PROPOSALS / MAX_PROPOSALS_PER_PAIRING
    // One id each: two payload ids made in one millisecond share it one time in a thousand, and the wallet
    // rightly drops a proposal under an id it holds, which left 99 places taken (CI run 94).
    let nextId = payloadId()
    for (let pairing = 0; pairing < pairings; pairing++) {
      const symKey = randomBytes(32)
      const pairingTopic = peer.addSymKey(symKey)
      for (let n = 0; n < MAX_PROPOSALS_PER_PAIRING; n++) {
        const params = proposal(proposer.publicHex, centuryAway())
        await peer.publish(
          pairingTopic,
          { id: nextId++, jsonrpc: '2.0', method: 'wc_sessionPropose', params },
          1100,
        )
      }
      const uri = formatPairingUri({
        topic: pairingTopic,
        symKey: bytesToHex(symKey),
        relay: { protocol: 'irn' },
      })
      await wallet.pair({ uri })
    }
    await expect.poll(() => wallet.proposal.length, { timeout: 10_000 }).toBe(MAX_PROPOSALS)

    clock.advance(301)
    runExpirer(wallet)
    await inboundHandled(wallet)
    expect(wallet.proposal.length).toBe(0)
    const dapp = await pool.make(harness.relay.url, { clock })
    const shown = nextEvent(wallet, 'session_proposal')
    const { uri } = await dapp.connect({ optionalNamespaces: requestedNamespaces })
    await wallet.pair({ uri: uri as string })
    expect((await shown).params.proposer.metadata.name).toBe(dappMetadata.name)
  })
})
