import type { EngineContext } from '../context.js'
import { MAX_RECEIVED_IDS, MAX_RECEIVED_IDS_PER_TOPIC, RECEIVED_ID_RETENTION } from '../limits.js'
import type { ReceivedRequests } from '../schemas/index.js'
import { calcExpiry, isExpired } from '../time.js'

type ReceivedId = ReceivedRequests['ids'][number]

// A relay, or anyone who recorded a sealed message, can deliver it again: after the client restarts, or
// once the relay client's in-memory window has moved on. Opening it proves only that the peer sent it
// once, so the ids of the requests taken are kept in storage, per topic, bounded by engine/limits.ts. A
// sender's ids are unique (time-based, and made to differ), so an id taken twice on a topic is a replay.

/**
 * Records that request `id` arrived on `topic`; false when it arrived there before (or is at or under the
 * topic's floor), and is then to be dropped unread. Recorded before it is handled, so a request whose
 * handling fails is not taken again either; storage that refuses the write fails the request.
 */
export async function receiveOnce(ctx: EngineContext, topic: string, id: number): Promise<boolean> {
  await forgetExpired(ctx)
  const { received } = ctx.stores
  const record: ReceivedRequests = received.has(topic) ? received.get(topic) : { topic, ids: [] }
  if (isBelowFloor(record, id) || record.ids.some((entry) => entry.id === id)) return false
  const ids = [...record.ids, { id, expiry: calcExpiry(ctx.clock, RECEIVED_ID_RETENTION) }]
  const pastCap = (_: ReceivedId, index: number) => index < ids.length - MAX_RECEIVED_IDS_PER_TOPIC
  await received.set(topic, forget({ ...record, ids }, pastCap))
  await forgetOldestPastTotal(ctx)
  return true
}

function isBelowFloor(record: ReceivedRequests, id: number): boolean {
  return record.floor !== undefined && id <= record.floor
}

/** Forgets the ids past their retention, on every topic. */
async function forgetExpired(ctx: EngineContext): Promise<void> {
  const expired = (entry: ReceivedId) => isExpired(ctx.clock, entry.expiry)
  for (const record of ctx.stores.received.getAll()) {
    if (record.ids.some(expired)) await ctx.stores.received.set(record.topic, forget(record, expired))
  }
}

const isFirst = (_: ReceivedId, index: number) => index === 0

// Every id is kept equally long, so the earliest expiry is the earliest arrival.
const firstExpiry = (record: ReceivedRequests) => record.ids[0]?.expiry ?? Number.POSITIVE_INFINITY

/** Past the cap in all, forgets the oldest ids, wherever they are. */
async function forgetOldestPastTotal(ctx: EngineContext): Promise<void> {
  const { received } = ctx.stores
  const total = received.getAll().reduce((sum, record) => sum + record.ids.length, 0)
  for (let excess = total - MAX_RECEIVED_IDS; excess > 0; excess--) {
    const oldest = received.getAll().reduce((a, b) => (firstExpiry(b) < firstExpiry(a) ? b : a))
    await received.set(oldest.topic, forget(oldest, isFirst))
  }
}

/**
 * The record without the ids `drop` picks, its floor raised to the highest of them: a forgotten id still
 * counts as received, as does every lower one, which keeps the record bounded without letting one back in.
 */
function forget(
  record: ReceivedRequests,
  drop: (entry: ReceivedId, index: number) => boolean,
): ReceivedRequests {
  const forgotten = record.ids.filter(drop)
  if (forgotten.length === 0) return record
  return {
    topic: record.topic,
    floor: Math.max(record.floor ?? 0, ...forgotten.map((entry) => entry.id)),
    ids: record.ids.filter((entry, index) => !drop(entry, index)),
  }
}
