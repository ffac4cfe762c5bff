import { SignMethodPolicies } from '@pairwise/relay'
import type { EngineContext } from '../context.js'
import { MAX_RECEIVED_IDS, MAX_RECEIVED_IDS_PER_TOPIC, RECEIVED_ID_RETENTION } from '../limits.js'
import type { ReceivedRequests } from '../schemas/index.js'
import { calcExpiry, isExpired } from '../time.js'

type ReceivedId = ReceivedRequests['ids'][number]

// A relay, or anyone who recorded a sealed message, can deliver it again: after the client restarts, or
// once the relay client's in-memory window has moved on. Opening it proves only that the peer sent it
// once, so the requests taken are kept in storage, per topic, bounded by engine/limits.ts, by id and method.
// The method too: the official clients draw a sign-in's id and its fallback proposal's in one millisecond,
// and one time in a thousand their random digits match, two requests under one id that are both to be taken.
// Any other method is kept as `other`, so a peer's made-up names cannot grow the record.
const signMethods = new Set<string>(Object.keys(SignMethodPolicies))
const methodKey = (method: string) => (signMethods.has(method) ? method : 'other')

/**
 * Records that request `id` of `method` arrived on `topic`; false when it arrived there before (or its id
 * is at or under the topic's floor), and is then to be dropped unread. Recorded before it is handled, so a
 * request whose handling fails is not taken again either; storage that refuses the write fails the request.
 */
export async function receiveOnce(
  ctx: EngineContext,
  topic: string,
  { id, method }: { id: number; method: string },
): Promise<boolean> {
  await forgetExpired(ctx)
  const { received } = ctx.stores
  const record: ReceivedRequests = received.has(topic) ? received.get(topic) : { topic, ids: [] }
  const key = methodKey(method)
  if (isBelowFloor(record, id) || record.ids.some((entry) => entry.id === id && entry.method === key))
    return false
  const ids = [...record.ids, { id, method: key, expiry: calcExpiry(ctx.clock, RECEIVED_ID_RETENTION) }]
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

// The topic holding the most ids, the one whose oldest came first among equals.
const fullest = (a: ReceivedRequests, b: ReceivedRequests) =>
  b.ids.length > a.ids.length || (b.ids.length === a.ids.length && firstExpiry(b) < firstExpiry(a)) ? b : a

/**
 * Past the cap in all, forgets the oldest id of the fullest topic. A peer filling the total from many
 * topics then crowds out only its own: a topic holding no more than its share keeps every id, and its
 * floor, which would refuse its peer's late request, stays where it was.
 */
async function forgetOldestPastTotal(ctx: EngineContext): Promise<void> {
  const { received } = ctx.stores
  const total = received.getAll().reduce((sum, record) => sum + record.ids.length, 0)
  for (let excess = total - MAX_RECEIVED_IDS; excess > 0; excess--) {
    const record = received.getAll().reduce(fullest)
    await received.set(record.topic, forget(record, isFirst))
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
