import { afterEach, describe, expect, it, vi } from 'vitest'
import { randomHex } from '../../../crypto/index.js'
import { webSocketFactory } from '../../../relay/client/index.js'
import { type MockRelay, type MockRelayOptions, startMockRelay } from '../../../relay/mock/index.js'
import { silentLogger } from '../../../services/relay/index.js'
import { MemoryStorage } from '../../../storage/index.js'
import { ClientPool, establishSession, requestedNamespaces, walletMetadata } from '../support/harness.js'
import { engineOf, openApprovals } from '../support/internals.js'

const relays: MockRelay[] = []
const pool = new ClientPool()

afterEach(async () => {
  await pool.closeAll()
  await Promise.all(relays.splice(0).map((relay) => relay.close()))
})

function mockRelay(options: MockRelayOptions = {}): MockRelay {
  const relay = startMockRelay({
    url: `ws://relay-${randomHex(6)}.pairwise.test`,
    logger: silentLogger,
    ...options,
  })
  relays.push(relay)
  return relay
}

function client(relay: MockRelay, options: { storage?: MemoryStorage; wallet?: boolean } = {}) {
  return pool.make(relay.url, {
    relay: { createSocket: webSocketFactory(relay.WebSocket) },
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.wallet ? { metadata: walletMetadata } : {}),
  })
}

/** A relay that takes no envelope as long as a proposal, so it refuses the publish itself. */
const refusingRelay = () => mockRelay({ limits: { maxMessageBytes: 64 } })

/**
 * Storage as a failed call must leave it: every entry, not a chosen few stores, so a leak into a store
 * nobody thought of shows too. The history is set apart: it keeps each request sent until its relay TTL
 * ends, one the relay refused too, since a relay that took it after all may hand it back as the peer's.
 */
async function stored(storage: MemoryStorage) {
  const entries = (await storage.getEntries()).sort(([a], [b]) => a.localeCompare(b))
  const isHistory = ([key]: [string, unknown]) => key.includes(':history/')
  return {
    others: entries.filter((entry) => !isHistory(entry)),
    sentMethods: entries.filter(isHistory).map(([, record]) => (record as { method: string }).method),
  }
}

describe('a connect() whose proposal the relay does not take', () => {
  it('leaves nothing of its own stored but the record of the request it sent: no key pair, proposal or pairing', async () => {
    const storage = new MemoryStorage()
    const dapp = await client(refusingRelay(), { storage })
    const before = await stored(storage)

    await expect(dapp.connect({ optionalNamespaces: requestedNamespaces })).rejects.toThrow(
      'Message too large',
    )

    expect(await stored(storage)).toEqual({ others: before.others, sentMethods: ['wc_sessionPropose'] })
    expect(dapp.proposal.keys).toEqual([])
    expect(dapp.pairing.keys).toEqual([])
    expect(openApprovals(dapp)).toEqual([])
  })

  it('keeps the pairing it reused from before, with its key, and drops its own key pair', async () => {
    const relay = mockRelay()
    const dapp = await client(relay)
    const wallet = await client(relay, { wallet: true })
    await establishSession(dapp, wallet)
    const [pairingTopic] = dapp.pairing.keys
    if (pairingTopic === undefined) throw new Error('the session left no pairing')
    const ctx = engineOf(dapp)
    // No public call makes the relay time out; the proposal's key pair is read as the keychain stores it.
    vi.spyOn(ctx.relay, 'proposeSession').mockRejectedValueOnce(new Error('relay request timed out'))
    const createdKey = vi.spyOn(ctx.stores.keychain, 'set')

    await expect(dapp.connect({ pairingTopic, optionalNamespaces: requestedNamespaces })).rejects.toThrow(
      'relay request timed out',
    )

    const [[proposerKey]] = createdKey.mock.calls as [[string, string]]
    expect(ctx.stores.keychain.has(proposerKey)).toBe(false)
    expect(dapp.proposal.keys).toEqual([])
    expect(dapp.pairing.keys).toEqual([pairingTopic])
    expect(ctx.stores.keychain.has(pairingTopic)).toBe(true)
  })

  it('still fails with the relay error, and ends its wait, when storage fails while it cleans up', async () => {
    const dapp = await client(refusingRelay())
    // No public call makes storage fail; the keychain is where the cleanup writes first.
    vi.spyOn(engineOf(dapp).stores.keychain, 'delete').mockRejectedValueOnce(new Error('storage is full'))

    await expect(dapp.connect({ optionalNamespaces: requestedNamespaces })).rejects.toThrow(
      'Message too large',
    )

    expect(openApprovals(dapp)).toEqual([])
  })
})

describe('an authenticate() whose requests the relay does not take', () => {
  it('leaves nothing of its own stored but the records of the requests it sent: no key pair, fallback or pairing', async () => {
    const storage = new MemoryStorage()
    const dapp = await client(refusingRelay(), { storage })
    const before = await stored(storage)

    await expect(
      dapp.authenticate({ chains: ['eip155:1'], domain: 'd.example', uri: 'https://d.example', nonce: 'n' }),
    ).rejects.toThrow('Message too large')

    // The response topic's key goes as the failed result settles, a moment after the call fails.
    await vi.waitFor(async () =>
      expect(await stored(storage)).toEqual({
        others: before.others,
        sentMethods: ['wc_sessionPropose', 'wc_sessionAuthenticate'],
      }),
    )
    expect(dapp.proposal.keys).toEqual([])
    expect(dapp.pairing.keys).toEqual([])
    expect(openApprovals(dapp)).toEqual([])
  })
})
