import { describe, expect, it } from 'vitest'
import { defaultEngineTimings } from '../../engine/context.js'
import { MemoryStorage, type StorageProblem, storageKey } from '../../storage/index.js'
import { rawProposal, signInRequest } from '../conformance/support/fixtures.js'
import { newKeyPair } from '../conformance/support/rawPeer.js'
import {
  closedWithPendingRequest,
  establishSession,
  nextEvent,
  useTestRelay,
  walletMetadata,
} from './support/harness.js'

const harness = useTestRelay()
const { pool, peers } = harness

/** Where a store keeps its entry `id` in storage, one key an entry. */
const entryKey = (context: 'core' | 'client', name: string, id: string) =>
  `${storageKey({ context, name })}/${id}`

describe('start-up', () => {
  it('CONST-19 requests waiting when the wallet starts are handed out after an initial 1 s delay', async () => {
    expect(defaultEngineTimings.requestQueueDelayMs).toBe(1_000)
    const storage = new MemoryStorage()
    const { id } = await closedWithPendingRequest(pool, harness.relay.url, { storage })

    // The same wallet starts again with the request still unanswered, at the default timings.
    const startedAt = Date.now()
    const restarted = await pool.make(harness.relay.url, {
      metadata: walletMetadata,
      storage,
      timings: defaultEngineTimings,
    })
    const handedOut = await nextEvent(restarted, 'session_request')
    const waited = Date.now() - startedAt
    expect(handedOut.id).toBe(id)
    expect(waited).toBeGreaterThanOrEqual(950)
    expect(waited).toBeLessThan(5_000)
  })

  it('drops the proposals and sign-in requests whose pairing is gone', async () => {
    const storage = new MemoryStorage()
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata, storage })
    const { peer, id, pairingTopic } = await rawProposal(harness.relay.url, wallet)
    peers.push(peer)
    const signIn = nextEvent(wallet, 'session_authenticate')
    await peer.publish(pairingTopic, signInRequest(id + 1, newKeyPair().publicHex), 1116)
    await signIn
    await wallet.close()

    // A pairing lost while its proposal and sign-in request were kept: a crash between the deletes, or
    // a client from before they went together.
    await storage.removeItem(entryKey('core', 'pairing', pairingTopic))
    const restarted = await pool.make(harness.relay.url, { metadata: walletMetadata, storage })
    expect(restarted.pairing.keys).toEqual([])
    expect(restarted.proposal.keys).toEqual([])
    expect(restarted.auth.requests.keys).toEqual([])
  })

  it('drops a stored key that is not 32 bytes, reports it, and with it the session it served', async () => {
    const storage = new MemoryStorage()
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata, storage })
    const { topic } = await establishSession(dapp, wallet)
    await wallet.close()

    const keyEntry = entryKey('core', 'keychain', topic)
    await storage.setItem(keyEntry, { tag: topic, key: 'abcd' })
    const problems: StorageProblem[] = []
    const restarted = await pool.make(harness.relay.url, {
      metadata: walletMetadata,
      storage,
      onStorageProblem: (problem) => problems.push(problem),
    })
    expect(problems).toEqual([expect.objectContaining({ key: keyEntry })])
    expect(restarted.session.keys).toEqual([])
  })

  it('drops the key of a session whose record is corrupt along with the record, and reports the record', async () => {
    const storage = new MemoryStorage()
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata, storage })
    const { topic } = await establishSession(dapp, wallet)
    await wallet.close()

    const sessionEntry = entryKey('client', 'session', topic)
    const keyEntry = entryKey('core', 'keychain', topic)
    expect(await storage.getItem(keyEntry)).toBeDefined()
    await storage.setItem(sessionEntry, { topic, expiry: 'never' })
    const problems: StorageProblem[] = []
    const restarted = await pool.make(harness.relay.url, {
      metadata: walletMetadata,
      storage,
      onStorageProblem: (problem) => problems.push(problem),
    })
    expect(problems).toEqual([expect.objectContaining({ key: sessionEntry })])
    expect(restarted.session.keys).toEqual([])
    expect(await storage.getItem(keyEntry)).toBeUndefined()
  })
})
