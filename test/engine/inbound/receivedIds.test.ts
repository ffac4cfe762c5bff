import { describe, expect, it } from 'vitest'
import { receiveOnce } from '../../../engine/inbound/replay.js'
import {
  MAX_RECEIVED_IDS,
  MAX_RECEIVED_IDS_PER_TOPIC,
  RECEIVED_ID_RETENTION,
} from '../../../engine/limits.js'
import { MemoryStorage, storageKey } from '../../../storage/index.js'
import { movableClock } from '../../conformance/support/clock.js'
import {
  approvedNamespaces,
  establishSession,
  nextEvent,
  useTestRelay,
  walletMetadata,
} from '../support/harness.js'
import { engineOf } from '../support/internals.js'

const harness = useTestRelay()
const { pool } = harness

const topicOf = (index: number) => index.toString(16).padStart(64, '0')
const idsOn = (ids: { id: number }[]) => ids.map(({ id }) => id)
/** A session request of id `id`: the method is kept beside the id. */
const request = (id: number, method = 'wc_sessionRequest') => ({ id, method })
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index)

describe('the received request ids are bounded', () => {
  it(`keeps ${MAX_RECEIVED_IDS_PER_TOPIC} ids a topic and ${MAX_RECEIVED_IDS} in all, the oldest forgotten under a floor that still refuses them`, async () => {
    const ctx = engineOf(await pool.make(harness.relay.url))
    const first = topicOf(1)
    for (const id of range(1, MAX_RECEIVED_IDS_PER_TOPIC + 50))
      expect(await receiveOnce(ctx, first, request(id))).toBe(true)
    const record = ctx.stores.received.get(first)
    expect(idsOn(record.ids)).toEqual(range(51, MAX_RECEIVED_IDS_PER_TOPIC + 50))
    expect(record.floor).toBe(50)
    expect(await receiveOnce(ctx, first, request(50))).toBe(false)
    expect(await receiveOnce(ctx, first, request(7))).toBe(false)
    expect(await receiveOnce(ctx, first, request(MAX_RECEIVED_IDS_PER_TOPIC + 50))).toBe(false)

    const topics = MAX_RECEIVED_IDS / MAX_RECEIVED_IDS_PER_TOPIC
    for (let index = 2; index <= topics + 1; index++) {
      for (const id of range(1, MAX_RECEIVED_IDS_PER_TOPIC))
        await receiveOnce(ctx, topicOf(index), request(id))
    }
    const all = ctx.stores.received.getAll()
    expect(all.reduce((sum, { ids }) => sum + ids.length, 0)).toBe(MAX_RECEIVED_IDS)
    // Eleven full topics share the total: each lost its oldest ids, and its floor still refuses every one.
    for (const { ids } of all)
      expect(ids.length).toBeLessThanOrEqual(Math.ceil(MAX_RECEIVED_IDS / all.length))
    const firstNow = ctx.stores.received.get(first)
    expect(await receiveOnce(ctx, first, request(firstNow.floor ?? 0))).toBe(false)
    expect(await receiveOnce(ctx, first, request(MAX_RECEIVED_IDS_PER_TOPIC + 50))).toBe(false)
  })

  it('a peer filling the total from many topics crowds out only its own: a topic under its share keeps its ids and its floor', async () => {
    const ctx = engineOf(await pool.make(harness.relay.url))
    const victim = topicOf(1)
    for (const id of range(1, 5)) await receiveOnce(ctx, victim, request(id))
    const topics = MAX_RECEIVED_IDS / MAX_RECEIVED_IDS_PER_TOPIC + 5
    for (let index = 2; index <= topics + 1; index++) {
      for (const id of range(1_000, 1_000 + MAX_RECEIVED_IDS_PER_TOPIC - 1))
        await receiveOnce(ctx, topicOf(index), request(id))
    }
    expect(ctx.stores.received.getAll().reduce((sum, { ids }) => sum + ids.length, 0)).toBe(MAX_RECEIVED_IDS)
    expect(ctx.stores.received.get(victim)).toEqual({
      topic: victim,
      ids: range(1, 5).map((id) => expect.objectContaining({ id })),
    })
    // The victim's peer's request that arrives late, under its newest id, is still taken once.
    for (const id of [7, 6]) expect(await receiveOnce(ctx, victim, request(id))).toBe(true)
    expect(await receiveOnce(ctx, victim, request(3))).toBe(false)
  })

  it("takes two requests of different Sign methods under one id (an official dapp's sign-in and its fallback proposal can share one), and refuses either again", async () => {
    const ctx = engineOf(await pool.make(harness.relay.url))
    const id = 1_796_455_030_966_424
    expect(await receiveOnce(ctx, topicOf(1), request(id, 'wc_sessionAuthenticate'))).toBe(true)
    expect(await receiveOnce(ctx, topicOf(1), request(id, 'wc_sessionPropose'))).toBe(true)
    expect(await receiveOnce(ctx, topicOf(1), request(id, 'wc_sessionPropose'))).toBe(false)
    expect(await receiveOnce(ctx, topicOf(1), request(id, 'wc_sessionAuthenticate'))).toBe(false)
  })

  it('keeps a method that is not a Sign method as "other", so made-up names neither grow the record nor pass twice', async () => {
    const ctx = engineOf(await pool.make(harness.relay.url))
    expect(await receiveOnce(ctx, topicOf(1), request(7, 'x'.repeat(10_000)))).toBe(true)
    expect(await receiveOnce(ctx, topicOf(1), request(7, 'y'.repeat(10_000)))).toBe(false)
    expect(ctx.stores.received.get(topicOf(1)).ids).toEqual([
      expect.objectContaining({ id: 7, method: 'other' }),
    ])
  })

  it('forgets the ids past their retention and still refuses them', async () => {
    const clock = movableClock()
    const ctx = engineOf(await pool.make(harness.relay.url, { clock }))
    for (const id of range(1, 5)) await receiveOnce(ctx, topicOf(1), request(id))
    clock.advance(RECEIVED_ID_RETENTION)
    expect(await receiveOnce(ctx, topicOf(2), request(1))).toBe(true)
    expect(ctx.stores.received.get(topicOf(1))).toEqual({ topic: topicOf(1), floor: 5, ids: [] })
    expect(await receiveOnce(ctx, topicOf(1), request(3))).toBe(false)
    expect(await receiveOnce(ctx, topicOf(1), request(6))).toBe(true)
  })

  it('drops the ids of a session or pairing with it, and at start-up those of a topic whose key is gone', async () => {
    const storage = new MemoryStorage()
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata, storage })
    const { topic } = await establishSession(dapp, wallet)
    const { pairingTopic } = wallet.session.get(topic)
    const { received } = engineOf(wallet).stores
    await dapp.ping({ topic })
    expect(received.has(topic)).toBe(true)
    expect(received.has(pairingTopic)).toBe(true)

    const deleted = nextEvent(wallet, 'session_delete')
    await dapp.disconnect({ topic })
    await deleted
    expect(received.has(topic)).toBe(false)
    await wallet.disconnect({ topic: pairingTopic })
    expect(received.has(pairingTopic)).toBe(false)

    await wallet.close()
    const orphan = topicOf(9)
    const entry = `${storageKey({ context: 'core', name: 'received' })}/${orphan}`
    await storage.setItem(entry, { topic: orphan, ids: [{ id: 1, expiry: 4_000_000_000 }] })
    const restarted = await pool.make(harness.relay.url, { metadata: walletMetadata, storage })
    expect(engineOf(restarted).stores.received.has(orphan)).toBe(false)
    expect(await storage.getItem(entry)).toBeUndefined()
  })

  it('a session stored without the ids it last applied still loads, and takes an update', async () => {
    const storage = new MemoryStorage()
    const dapp = await pool.make(harness.relay.url, { storage })
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const { topic } = await establishSession(dapp, wallet)
    await dapp.close()
    const entry = `${storageKey({ context: 'client', name: 'session' })}/${topic}`
    expect(await storage.getItem(entry)).not.toHaveProperty('lastApplied')

    const restarted = await pool.make(harness.relay.url, { storage })
    expect(restarted.session.keys).toEqual([topic])
    const updated = nextEvent(restarted, 'session_update')
    await (await wallet.update({ topic, namespaces: approvedNamespaces })).acknowledged()
    const { id } = await updated
    expect(restarted.session.get(topic).lastApplied).toEqual({ update: id })
  })
})
