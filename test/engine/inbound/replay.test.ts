import { describe, expect, it } from 'vitest'
import type { SignClient, SignClientOptions } from '../../../engine/index.js'
import type { ReceivedMessage } from '../../../relay/index.js'
import { MemoryStorage } from '../../../storage/index.js'
import { movableClock } from '../../conformance/support/clock.js'
import {
  ADDRESS,
  approvedNamespaces,
  establishSession,
  nextEvent,
  sleep,
  useTestRelay,
  walletMetadata,
} from '../support/harness.js'
import { engineOf, inboundHandled } from '../support/internals.js'
import { ReplayingRelay } from '../support/replayingRelay.js'

const harness = useTestRelay()
const { pool } = harness

/** A client whose relay records what it delivers, on `storage`, so it can be started again on it. */
function clientBehind(
  relay: ReplayingRelay,
  storage: MemoryStorage,
  options: Partial<SignClientOptions> = {},
): Promise<SignClient> {
  return pool.make(harness.relay.url, { storage, relay: { createSocket: relay.createSocket }, ...options })
}

/** A wallet behind a replaying relay, on storage and a clock it can be started again on, in a session with a dapp. */
async function walletInSession() {
  const relay = new ReplayingRelay()
  const storage = new MemoryStorage()
  const clock = movableClock()
  const dapp = await pool.make(harness.relay.url)
  const wallet = await clientBehind(relay, storage, { metadata: walletMetadata, clock })
  const { topic } = await establishSession(dapp, wallet)
  return { relay, storage, clock, dapp, wallet, topic }
}

/** A dapp behind a replaying relay, on storage it can be started again on, in a session with a wallet. */
async function dappInSession() {
  const relay = new ReplayingRelay()
  const storage = new MemoryStorage()
  const dapp = await clientBehind(relay, storage)
  const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
  const { topic } = await establishSession(dapp, wallet)
  return { relay, storage, dapp, wallet, topic }
}

/** Long enough for the wallet to hand out a request it took: past the harness's 50 ms queue delay. */
const HAND_OUT_MS = 200

/**
 * Starts a client again on `storage` behind `relay`, has the relay deliver `message` to it, and expects no
 * session request shown or held.
 */
async function expectNoRequestTakenAfterRestart(
  relay: ReplayingRelay,
  storage: MemoryStorage,
  message: ReceivedMessage,
  options: Partial<SignClientOptions> = {},
): Promise<void> {
  const restarted = await clientBehind(relay, storage, options)
  const shown: number[] = []
  restarted.on('session_request', ({ id }) => shown.push(id))
  await relay.deliver(message)
  await inboundHandled(restarted)
  await sleep(HAND_OUT_MS)
  expect(shown).toEqual([])
  expect(restarted.getPendingSessionRequests()).toEqual([])
}

/** The dapp asks for a personal_sign and the wallet answers it at once; resolves with the signature. */
function signedByWallet(dapp: SignClient, wallet: SignClient, topic: string): Promise<unknown> {
  wallet.on('session_request', ({ id }) =>
    pool.inBackground(wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: '0x01' } })),
  )
  return dapp.request({
    topic,
    chainId: 'eip155:1',
    request: { method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] },
  })
}

/** A second account on chain 1, which the wallet grants and then takes back. */
const OTHER = `eip155:1:0x${'b'.repeat(40)}`
const widened = {
  eip155: { ...approvedNamespaces.eip155, accounts: [...approvedNamespaces.eip155.accounts, OTHER] },
}

describe('a message delivered again is not taken again', () => {
  it('an answered session request delivered again after the wallet restarts is neither shown nor held', async () => {
    const relay = new ReplayingRelay()
    const storage = new MemoryStorage()
    const dapp = await pool.make(harness.relay.url)
    const wallet = await clientBehind(relay, storage, { metadata: walletMetadata })
    const { topic } = await establishSession(dapp, wallet)
    const arrived = nextEvent(wallet, 'session_request')
    const signed = dapp.request({
      topic,
      chainId: 'eip155:1',
      request: { method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] },
    })
    const { id } = await arrived
    await wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: '0x01' } })
    expect(await signed).toBe('0x01')
    const answered = relay.last(topic, 1108)
    await wallet.close()

    await expectNoRequestTakenAfterRestart(relay, storage, answered, { metadata: walletMetadata })
  })

  it('an answered session request delivered again after 2,001 other messages is neither shown nor held', async () => {
    const relay = new ReplayingRelay()
    const dapp = await pool.make(harness.relay.url)
    const wallet = await clientBehind(relay, new MemoryStorage(), { metadata: walletMetadata })
    const { topic } = await establishSession(dapp, wallet)
    const shown: number[] = []
    wallet.on('session_request', ({ id }) => {
      shown.push(id)
      pool.inBackground(wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: '0x01' } }))
    })
    await dapp.request({
      topic,
      chainId: 'eip155:1',
      request: { method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] },
    })
    const answered = relay.last(topic, 1108)

    // Messages it cannot open, each new to the relay client, push the answered one out of its window.
    for (let index = 0; index < 2_001; index++) {
      await relay.deliver({ ...answered, message: btoa(`not a sealed message ${index}`) })
    }
    await relay.deliver(answered)
    await inboundHandled(wallet)
    await sleep(HAND_OUT_MS)
    expect(shown).toHaveLength(1)
    expect(wallet.getPendingSessionRequests()).toEqual([])
  })

  it('an extend delivered again after the wallet restarts does not move the expiry', async () => {
    const { relay, storage, clock, dapp, wallet, topic } = await walletInSession()
    const extended = nextEvent(wallet, 'session_extend')
    await (await dapp.extend({ topic })).acknowledged()
    await extended
    const { expiry } = wallet.session.get(topic)
    await wallet.close()

    clock.advance(3_600)
    const restarted = await clientBehind(relay, storage, { metadata: walletMetadata, clock })
    await relay.deliver(relay.last(topic, 1106))
    await inboundHandled(restarted)
    expect(restarted.session.get(topic).expiry).toBe(expiry)
  })

  it('an extend held back and delivered after a newer one, across a restart, is refused', async () => {
    const { relay, storage, clock, dapp, wallet, topic } = await walletInSession()
    const held = relay.holdNext(topic)
    const older = await dapp.extend({ topic })
    const heldBack = await held
    // Ids are ordered by their millisecond: the newer extend is made in a later one.
    await sleep(2)
    await (await dapp.extend({ topic })).acknowledged()
    const { expiry } = wallet.session.get(topic)
    await wallet.close()

    clock.advance(3_600)
    const restarted = await clientBehind(relay, storage, { metadata: walletMetadata, clock })
    await relay.deliver(heldBack)
    await expect(older.acknowledged()).rejects.toMatchObject({ code: 1004 })
    expect(restarted.session.get(topic).expiry).toBe(expiry)
  })

  it('an update delivered again after the dapp restarts does not put back the account it granted', async () => {
    const { relay, storage, dapp, wallet, topic } = await dappInSession()
    const granted = nextEvent(dapp, 'session_update')
    await (await wallet.update({ topic, namespaces: widened })).acknowledged()
    await granted
    const grant = relay.last(topic, 1104)
    const revoked = nextEvent(dapp, 'session_update')
    await (await wallet.update({ topic, namespaces: approvedNamespaces })).acknowledged()
    await revoked
    await dapp.close()

    const restarted = await clientBehind(relay, storage)
    await relay.deliver(grant)
    await inboundHandled(restarted)
    expect(restarted.session.get(topic).namespaces).toEqual(approvedNamespaces)
  })

  it('an update held back and delivered after a newer one, across a restart, is refused', async () => {
    const { relay, storage, dapp, wallet, topic } = await dappInSession()
    const held = relay.holdNext(topic)
    const grant = await wallet.update({ topic, namespaces: widened })
    const heldBack = await held
    await sleep(2)
    await (await wallet.update({ topic, namespaces: approvedNamespaces })).acknowledged()
    await dapp.close()

    const restarted = await clientBehind(relay, storage)
    await relay.deliver(heldBack)
    await expect(grant.acknowledged()).rejects.toMatchObject({ code: 1003 })
    expect(restarted.session.get(topic).namespaces).toEqual(approvedNamespaces)
  })

  it('an event held back and delivered after a newer one of its name, across a restart, is dropped', async () => {
    const { relay, storage, dapp, wallet, topic } = await dappInSession()
    const accountsChanged = (accounts: string[]) => ({
      topic,
      chainId: 'eip155:1',
      event: { name: 'accountsChanged', data: accounts },
    })
    const held = relay.holdNext(topic)
    await wallet.emit(accountsChanged([OTHER]))
    const heldBack = await held
    await sleep(2)
    const delivered = nextEvent(dapp, 'session_event')
    await wallet.emit(accountsChanged([ADDRESS]))
    await delivered
    await dapp.close()

    const restarted = await clientBehind(relay, storage)
    const events: unknown[] = []
    restarted.on('session_event', (event) => events.push(event))
    await relay.deliver(heldBack)
    await inboundHandled(restarted)
    expect(events).toEqual([])
  })

  it('an event held back is dropped after a newer one of its name even when an update took the name away and gave it back meanwhile', async () => {
    const { relay, dapp, wallet, topic } = await dappInSession()
    const event = (name: string, data: unknown) => ({ topic, chainId: 'eip155:1', event: { name, data } })
    const held = relay.holdNext(topic)
    await wallet.emit(event('accountsChanged', [OTHER]))
    const heldBack = await held
    await sleep(2)
    let delivered = nextEvent(dapp, 'session_event')
    await wallet.emit(event('accountsChanged', [ADDRESS]))
    await delivered

    const withoutAccountsChanged = { eip155: { ...approvedNamespaces.eip155, events: ['chainChanged'] } }
    await (await wallet.update({ topic, namespaces: withoutAccountsChanged })).acknowledged()
    // An event of another name makes the record drop the name the namespaces no longer list.
    delivered = nextEvent(dapp, 'session_event')
    await wallet.emit(event('chainChanged', 1))
    await delivered
    await (await wallet.update({ topic, namespaces: approvedNamespaces })).acknowledged()

    const events: unknown[] = []
    dapp.on('session_event', (received) => events.push(received))
    await relay.deliver(heldBack)
    await inboundHandled(dapp)
    expect(events).toEqual([])
  })
})

describe("a request of our own handed back by the relay is not taken as the peer's", () => {
  it("the dapp's answered session request, reflected to it after a restart, is neither shown nor held", async () => {
    const { relay, storage, dapp, wallet, topic } = await dappInSession()
    await signedByWallet(dapp, wallet, topic)
    const own = relay.lastPublished(topic, 1108)
    await dapp.close()

    await expectNoRequestTakenAfterRestart(relay, storage, own)
  })

  it("the wallet's own event, reflected to it after a restart, is not emitted", async () => {
    const { relay, storage, wallet, topic } = await walletInSession()
    await wallet.emit({ topic, chainId: 'eip155:1', event: { name: 'accountsChanged', data: [ADDRESS] } })
    const own = relay.lastPublished(topic, 1110)
    await wallet.close()

    const restarted = await clientBehind(relay, storage, { metadata: walletMetadata })
    const events: unknown[] = []
    restarted.on('session_event', (event) => events.push(event))
    await relay.deliver(own)
    await inboundHandled(restarted)
    expect(events).toEqual([])
  })

  it('keeps an answered request of ours, marked answered, until its TTL ends, and forgets an answered ping', async () => {
    const { dapp, wallet, topic } = await dappInSession()
    await signedByWallet(dapp, wallet, topic)
    await dapp.ping({ topic })
    const kept = engineOf(dapp).stores.history.getAll({ topic })
    expect(kept).toEqual([expect.objectContaining({ method: 'wc_sessionRequest', answered: true })])
  })
})
