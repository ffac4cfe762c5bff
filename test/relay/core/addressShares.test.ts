import { describe, expect, it } from 'vitest'
import { AddressShares } from '../../../relay/core/addressShares.js'
import {
  type MailboxCaps,
  type MailboxStore,
  MemoryMailboxStore,
  mailboxBytes,
  type PutOutcome,
  RelayCore,
  type StoredMessage,
} from '../../../relay/core/index.js'
import { RelayErrorCode, RelayMethod } from '../../../relay/protocol/index.js'
import { type CoreClient, coreClient, messagesOf } from './support/coreClient.js'

const topic = 'ab'.repeat(32)
const envelope = (seed: string) => seed.padEnd(60, 'A')
// What one of those envelopes weighs in the share.
const weight = mailboxBytes({ message: envelope('M1') })

describe("an address's share of the mailboxes", () => {
  it('counts bytes reserved and stored until each expires, soonest first whatever the order stored', () => {
    const shares = new AddressShares(100)
    const share = shares.hold('203.0.113.7')
    for (const [bytes, expiresAt] of [
      [30, 3_000],
      [30, 1_000],
      [30, 2_000],
    ] as const) {
      expect(shares.reserve(share, bytes, 0)).toBe(true)
      shares.keep(share, bytes, expiresAt)
    }
    expect(shares.reserve(share, 20, 0)).toBe(false)
    shares.giveBack(share, 20)
    expect(share.bytes).toBe(90)
    shares.expireUpTo(1_000)
    expect(share.bytes).toBe(60)
    expect(shares.reserve(share, 40, 1_500)).toBe(true)
    shares.giveBack(share, 40)
    shares.expireUpTo(2_999)
    expect(share.bytes).toBe(30)
  })

  it('is one share for every connection of an address, kept while messages of it are stored', () => {
    const shares = new AddressShares(100)
    const first = shares.hold('203.0.113.7')
    expect(shares.hold('203.0.113.7')).toBe(first)
    expect(shares.hold('198.51.100.1')).not.toBe(first)
    shares.reserve(first, 50, 0)
    shares.keep(first, 50, 1_000)
    shares.release(first)
    shares.release(first)
    expect(shares.hold('203.0.113.7')).toBe(first)
    shares.release(first)
    shares.expireUpTo(1_000)
    const fresh = shares.hold('203.0.113.7')
    expect(fresh).not.toBe(first)
    expect(fresh.bytes).toBe(0)
  })

  it("counts a store begun after its connection closed in the share the address's next connection holds", () => {
    const shares = new AddressShares(100)
    const closed = shares.hold('203.0.113.7')
    shares.release(closed)
    const storing = shares.holdAgain(closed)
    shares.reserve(storing, 60, 0)
    shares.keep(storing, 60, 1_000)
    shares.release(storing)
    expect(shares.hold('203.0.113.7').bytes).toBe(60)
  })
})

describe('a relay refusing a publish past its address share', () => {
  const publish = (client: CoreClient, id: number, message: string) =>
    client.call(id, RelayMethod.publish, { topic, message, ttl: 300, tag: 1108 })

  it('refuses every client of the address with addressFull until its messages expire; other addresses and retries pass', async () => {
    let now = 1_000_000
    const share = 2 * weight + 10
    const core = new RelayCore({ limits: { maxMailboxBytesPerIp: share }, now: () => now })
    const wallet = coreClient(core, 'did:key:wallet', '198.51.100.1')
    wallet.call(1, RelayMethod.subscribe, { topic })
    await expect.poll(() => wallet.answers.has(1)).toBe(true)
    const dapp = coreClient(core, 'did:key:dapp', '203.0.113.7')

    publish(dapp, 1, envelope('M1'))
    now += 1_000
    publish(dapp, 2, envelope('M2'))
    publish(dapp, 3, envelope('M3'))
    expect(dapp.answers.get(3)?.error).toMatchObject({
      code: RelayErrorCode.mailboxFull,
      message: expect.stringContaining(`your address would pass ${share} bytes`),
      data: { reason: 'addressFull' },
    })
    // A retry of a stored message is acked, as a retry is: it adds nothing to the mailboxes.
    publish(dapp, 4, envelope('M2'))
    expect([1, 2, 4].map((id) => dapp.answers.get(id)?.result)).toEqual([true, true, true])

    // Another client id on the address, or the same one after a reconnect, has no share of its own.
    const sibling = coreClient(core, 'did:key:sibling', '203.0.113.7')
    publish(sibling, 1, envelope('S1'))
    dapp.session.closed()
    const reconnected = coreClient(core, 'did:key:dapp', '203.0.113.7')
    publish(reconnected, 1, envelope('M3'))
    for (const refused of [sibling, reconnected])
      expect(refused.answers.get(1)?.error?.data).toEqual({ reason: 'addressFull' })
    publish(wallet, 2, envelope('W1'))
    expect(wallet.answers.get(2)?.result).toBe(true)

    // M1 expires: its weight is free again, M2's is not.
    now += 299_000
    publish(reconnected, 2, envelope('M3'))
    publish(reconnected, 3, envelope('M4'))
    expect(reconnected.answers.get(2)?.result).toBe(true)
    expect(reconnected.answers.get(3)?.error?.data).toEqual({ reason: 'addressFull' })
    await expect
      .poll(() => messagesOf(wallet.pushes))
      .toEqual([envelope('M1'), envelope('M2'), envelope('M3')])
    expect(core.stats().mailboxRefusals).toBe(4)
    await core.close()
  })

  it('gives back what a put that failed had reserved, so a store error costs the address none of its share', async () => {
    class FailsFirst extends MemoryMailboxStore {
      failed = false
      override put(message: StoredMessage, caps: MailboxCaps, addressFull?: boolean) {
        if (this.failed) return super.put(message, caps, addressFull)
        this.failed = true
        throw new Error('the connection to the store dropped')
      }
    }
    const core = new RelayCore({ store: new FailsFirst(), limits: { maxMailboxBytesPerIp: 2 * weight } })
    const dapp = coreClient(core, 'did:key:dapp', '203.0.113.7')
    publish(dapp, 1, envelope('M1'))
    expect(dapp.answers.get(1)?.error?.code).toBe(RelayErrorCode.internalError)
    publish(dapp, 2, envelope('M1'))
    publish(dapp, 3, envelope('M2'))
    expect([2, 3].map((id) => dapp.answers.get(id)?.result)).toEqual([true, true])
    await core.close()
  })

  it("counts what a batch stores after its connection closed in its address's share, which the address's next connection meets", async () => {
    // Each put waits until the test opens it, as on a store that commits later (SQLite, Redis).
    class GatedStore implements MailboxStore {
      readonly gates: (() => void)[] = []
      private readonly inner = new MemoryMailboxStore()
      put(message: StoredMessage, caps: MailboxCaps, addressFull?: boolean): Promise<PutOutcome> {
        return new Promise((resolve) =>
          this.gates.push(() => resolve(this.inner.put(message, caps, addressFull))),
        )
      }
      undelivered = this.inner.undelivered.bind(this.inner)
      markDelivered = this.inner.markDelivered.bind(this.inner)
      purgeExpired = this.inner.purgeExpired.bind(this.inner)
      size = this.inner.size.bind(this.inner)
      close = this.inner.close.bind(this.inner)
      async openNext(): Promise<void> {
        await expect.poll(() => this.gates.length).toBeGreaterThan(0)
        this.gates.shift()!()
      }
    }
    const store = new GatedStore()
    const share = 2 * weight + 10
    const core = new RelayCore({ store, limits: { maxMailboxBytesPerIp: share } })
    const wallet = coreClient(core, 'did:key:wallet', '198.51.100.1')
    publish(wallet, 1, envelope('W1'))
    await store.openNext()
    await expect.poll(() => wallet.answers.get(1)?.result).toBe(true)

    // A batch whose first entry is a retry of the wallet's message, its connection gone before that put ends.
    const dapp = coreClient(core, 'did:key:dapp', '203.0.113.7')
    dapp.call(1, RelayMethod.batchPublish, {
      messages: [envelope('W1'), envelope('M1')].map((message) => ({ topic, message, ttl: 300, tag: 1108 })),
    })
    await expect.poll(() => store.gates.length).toBe(1)
    dapp.session.closed()
    await store.openNext()
    await store.openNext()
    await expect.poll(() => store.size()).toBe(2)

    // M1 holds one of the address's two places.
    const reconnected = coreClient(core, 'did:key:dapp', '203.0.113.7')
    publish(reconnected, 1, envelope('M2'))
    await store.openNext()
    await expect.poll(() => reconnected.answers.get(1)?.result).toBe(true)
    publish(reconnected, 2, envelope('M3'))
    await store.openNext()
    await expect.poll(() => reconnected.answers.has(2)).toBe(true)
    expect(reconnected.answers.get(2)).toMatchObject({ error: { data: { reason: 'addressFull' } } })
    await core.close()
  })
})

describe('a relay weighing each stored message by the fixed cost of holding it', () => {
  // One byte each, distinct up to 35.
  const tiny = (index: number) => index.toString(36)
  const publishTiny = (client: CoreClient, index: number) =>
    client.call(index, RelayMethod.publish, { topic, message: tiny(index), ttl: 300, tag: 1108 })

  it('refuses an address addressFull once its tiny messages, counted with their overhead, reach its share', async () => {
    const fits = 10
    const share = fits * mailboxBytes({ message: tiny(1) })
    const core = new RelayCore({ limits: { maxMailboxBytesPerIp: share } })
    const dapp = coreClient(core, 'did:key:dapp', '203.0.113.7')
    for (let index = 1; index <= fits + 1; index++) publishTiny(dapp, index)
    for (let index = 1; index <= fits; index++) expect(dapp.answers.get(index)?.result).toBe(true)
    // Ten bytes of text stored, yet the next message is past the share.
    expect(dapp.answers.get(fits + 1)?.error?.data).toEqual({ reason: 'addressFull' })
    await core.close()
  })

  it("charges each message's overhead to its address's published bytes, which refill the share", async () => {
    const burst = 3 * mailboxBytes({ message: tiny(1) })
    const core = new RelayCore({
      limits: { publishBytesBurstPerIp: burst, publishBytesPerSecondPerIp: 1 },
      now: () => 0,
    })
    const dapp = coreClient(core, 'did:key:dapp', '203.0.113.7')
    for (const index of [1, 2, 3, 4]) publishTiny(dapp, index)
    expect([1, 2, 3].map((index) => dapp.answers.get(index)?.result)).toEqual([true, true, true])
    expect(dapp.answers.get(4)?.error).toMatchObject({
      code: RelayErrorCode.rateLimited,
      message: expect.stringContaining(`bytes per second per address (bursts of ${burst})`),
    })
    await core.close()
  })
})
