import { describe, expect, it } from 'vitest'
import { SEVEN_DAYS } from '../../engine/time.js'
import { MemoryStorage, storageKey } from '../../storage/index.js'
import { movableClock } from '../conformance/support/clock.js'
import {
  ADDRESS,
  approvedNamespaces,
  closedWithPendingRequest,
  establishSession,
  nextEvent,
  requestedNamespaces,
  sleep,
  useTestRelay,
  walletMetadata,
} from './support/harness.js'
import { runExpirer } from './support/internals.js'

const harness = useTestRelay()
const { pool } = harness

describe('restore after a reload', () => {
  it('restores sessions, pairings and relay subscriptions: a request sent after the reload arrives', async () => {
    const storage = new MemoryStorage()
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata, storage })
    const { topic } = await establishSession(dapp, wallet)
    const pairings = wallet.pairing.keys
    await wallet.close()
    const restarted = await pool.make(harness.relay.url, { metadata: walletMetadata, storage })
    expect(restarted.session.keys).toEqual([topic])
    expect(restarted.pairing.keys).toEqual(pairings)
    const arrived = nextEvent(restarted, 'session_request')
    const result = dapp.request<string>({
      topic,
      chainId: 'eip155:1',
      request: { method: 'personal_sign', params: [ADDRESS] },
    })
    const { id } = await arrived
    await restarted.respond({ topic, response: { id, jsonrpc: '2.0', result: 'ok' } })
    await expect(result).resolves.toBe('ok')
  })

  it('fails to start with UNREADABLE when a stored key cannot be read, and keeps the session it serves', async () => {
    const storage = new MemoryStorage()
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata, storage })
    const { topic } = await establishSession(dapp, wallet)
    await wallet.close()

    // A read IndexedDB fails for a moment (an aborted transaction): the session's key looks absent.
    const keychain = `${storageKey({ context: 'core', name: 'keychain' })}/`
    const getItem = storage.getItem.bind(storage)
    storage.getItem = <T>(key: string) =>
      key.startsWith(keychain) ? Promise.reject(new Error('transaction aborted')) : getItem<T>(key)
    await expect(pool.make(harness.relay.url, { metadata: walletMetadata, storage })).rejects.toMatchObject({
      name: 'StoreError',
      code: 'UNREADABLE',
      message: 'keychain could not be read: transaction aborted',
    })
    storage.getItem = getItem

    const restarted = await pool.make(harness.relay.url, { metadata: walletMetadata, storage })
    expect(restarted.session.keys).toEqual([topic])
  })

  it('drops what expired while the app was closed: the session, its keys and its pending request', async () => {
    const storage = new MemoryStorage()
    const clock = movableClock()
    const { topic } = await closedWithPendingRequest(pool, harness.relay.url, { storage, clock })

    clock.advance(SEVEN_DAYS + 1)
    const restarted = await pool.make(harness.relay.url, { metadata: walletMetadata, storage, clock })
    let handedOut = false
    restarted.on('session_request', () => {
      handedOut = true
    })
    await sleep(150)
    expect(restarted.session.keys).toEqual([])
    expect(restarted.pendingRequest.keys).toEqual([])
    expect(handedOut).toBe(false)
    const stored = await storage.getKeys()
    expect(stored.filter((key) => key.includes(topic))).toEqual([])
  })

  it('drops a pending request whose expiry was lost from storage, so it is not held for good', async () => {
    const storage = new MemoryStorage()
    const { topic, id } = await closedWithPendingRequest(pool, harness.relay.url, { storage })
    const expiry = (await storage.getKeys()).filter(
      (key) => key.includes('expirer') && key.endsWith(`id:${id}`),
    )
    expect(expiry).toHaveLength(1)
    await storage.removeItem(expiry[0] as string)

    const restarted = await pool.make(harness.relay.url, { metadata: walletMetadata, storage })
    expect(restarted.pendingRequest.keys).toEqual([])
    expect(restarted.session.keys).toEqual([topic])
  })

  it('keeps a session when the clock moved back while the app was closed, and expires it on time after', async () => {
    const storage = new MemoryStorage()
    const clock = movableClock()
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata, storage, clock })
    const { topic } = await establishSession(dapp, wallet)
    const { expiry } = wallet.session.get(topic)
    await wallet.close()

    clock.advance(-3_600)
    const restarted = await pool.make(harness.relay.url, { metadata: walletMetadata, storage, clock })
    expect(restarted.session.get(topic).expiry).toBe(expiry)
    clock.advance(expiry - Math.floor(clock.now() / 1000))
    const expired = nextEvent(restarted, 'session_expire')
    runExpirer(restarted)
    await expired
  })

  it('keeps clients on one storage apart by their prefixes', async () => {
    const storage = new MemoryStorage()
    const dapp = await pool.make(harness.relay.url)
    const prefixed = (customStoragePrefix: string) =>
      pool.make(harness.relay.url, { metadata: walletMetadata, storage, customStoragePrefix })
    const first = await prefixed('one')
    const second = await prefixed('two')
    const { topic } = await establishSession(dapp, first)
    expect(second.session.keys).toEqual([])
    await first.close()
    await second.close()
    const one = await prefixed('one')
    const two = await prefixed('two')
    const plain = await pool.make(harness.relay.url, { metadata: walletMetadata, storage })
    expect(one.session.keys).toEqual([topic])
    expect(two.session.keys).toEqual([])
    expect(plain.session.keys).toEqual([])
  })

  it('settles a session the wallet approves after the dapp reloaded with its proposal pending', async () => {
    const storage = new MemoryStorage()
    const dapp = await pool.make(harness.relay.url, { storage })
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const { uri, approval } = await dapp.connect({ optionalNamespaces: requestedNamespaces })
    approval().catch(() => undefined)
    await dapp.close()

    const restarted = await pool.make(harness.relay.url, { storage })
    expect(restarted.proposal.keys.length).toBe(1)
    const connected = nextEvent(restarted, 'session_connect')
    const proposal = nextEvent(wallet, 'session_proposal')
    await wallet.pair({ uri: uri ?? '' })
    const { id } = await proposal
    const approved = await wallet.approve({ id, namespaces: approvedNamespaces })
    const { session } = await connected
    await approved.acknowledged()
    expect(restarted.session.keys).toEqual([session.topic])
    expect(restarted.proposal.keys).toEqual([])
  })

  it('lets a wallet approve after a reload a proposal that arrived before it', async () => {
    const storage = new MemoryStorage()
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata, storage })
    const proposal = nextEvent(wallet, 'session_proposal')
    const { uri, approval } = await dapp.connect({ optionalNamespaces: requestedNamespaces })
    await wallet.pair({ uri: uri ?? '' })
    const { id } = await proposal
    await wallet.close()

    const restarted = await pool.make(harness.relay.url, { metadata: walletMetadata, storage })
    expect(restarted.proposal.keys).toEqual([id])
    const approved = await restarted.approve({ id, namespaces: approvedNamespaces })
    const session = await approval()
    await approved.acknowledged()
    expect(restarted.session.keys).toEqual([session.topic])
  })
})
