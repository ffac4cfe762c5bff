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

/** The keychain, proposal, pairing and expiry entries in storage: a failed connect leaves them as found. */
async function keptRecords(storage: MemoryStorage): Promise<string[]> {
  const keys = await storage.getKeys()
  return keys.filter((key) => /keychain|proposal|pairing|expirer/.test(key)).sort()
}

describe('a connect() whose proposal the relay does not take', () => {
  it('leaves no key pair, proposal or pairing of its own in storage', async () => {
    // A relay that takes no envelope as long as a proposal refuses the publish itself.
    const relay = mockRelay({ limits: { maxMessageBytes: 64 } })
    const storage = new MemoryStorage()
    const dapp = await client(relay, { storage })
    const before = await keptRecords(storage)

    await expect(dapp.connect({ optionalNamespaces: requestedNamespaces })).rejects.toThrow(
      'Message too large',
    )

    expect(await keptRecords(storage)).toEqual(before)
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
})
