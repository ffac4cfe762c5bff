import { expect } from 'vitest'
import {
  MAX_DELIVERY_RECORDS_PER_MESSAGE,
  type MailboxStore,
  MESSAGE_OVERHEAD_BYTES,
  mailboxBytes,
  messageId,
  type StoredMessage,
} from '../../../../relay/core/index.js'
import { randomTopic } from './rawClient.js'

/** Caps room for `textBytes` of envelopes and attestations in `messages` messages, each weighing the overhead too. */
function roomFor(messages: number, textBytes: number): number {
  return textBytes + messages * MESSAGE_OVERHEAD_BYTES
}

/** A page budget no test's messages reach, for reads that test what a page holds rather than what it weighs. */
export const ANY_BYTES = Number.MAX_SAFE_INTEGER

const caps = { maxMessagesPerTopic: 2, maxTotalBytes: roomFor(3, 20) }

/** A mailbox entry for `text` on `topic`, published at `publishedAt` and living `ttlMs`. */
export function storedMessage(
  topic: string,
  text: string,
  publishedAt = Date.now(),
  ttlMs = 60_000,
): StoredMessage {
  return {
    id: messageId(topic, text),
    topic,
    message: text,
    tag: 1108,
    prompt: false,
    publishedAt,
    expiresAt: publishedAt + ttlMs,
    publisherId: 'did:key:publisher',
  }
}

/**
 * The cap contract every mailbox store keeps: a full topic or a full store refuses, as does a publisher's
 * address that has used its share; a duplicate is told apart from all three, and a message past its
 * expiry stops counting at once, swept or not.
 */
export async function expectMailboxCaps(store: MailboxStore): Promise<void> {
  const now = Date.now()
  const [topicA, topicB, topicC] = [randomTopic(), randomTopic(), randomTopic()]
  const a1 = storedMessage(topicA, 'AAAAAAA1', now)
  expect(await store.put(a1, caps)).toBe('stored')
  expect(await store.put(a1, caps)).toBe('duplicate')
  expect(await store.put(a1, caps, true)).toBe('duplicate')
  expect(await store.put(storedMessage(topicB, 'B', now), caps, true)).toBe('addressFull')
  expect(await store.put(storedMessage(topicA, 'AAAAAAA2', now), caps)).toBe('stored')
  expect(await store.put(storedMessage(topicA, 'AAAAAAA3', now), caps)).toBe('topicFull')
  expect(await store.put(storedMessage(topicB, 'BBBBBBB1', now), caps)).toBe('storeFull')
  expect(await store.put(storedMessage(topicB, 'BBB2', now), caps)).toBe('stored')
  expect(await store.put(storedMessage(topicC, 'C', now), caps)).toBe('storeFull')
  expect(await store.size()).toBe(3)

  // A minute on, everything above has expired: it no longer counts, though no sweep has run.
  const later = now + 60_001
  expect(await store.put(storedMessage(topicA, 'AAAAAAA3', later), caps)).toBe('stored')
  expect(await store.put(storedMessage(topicA, 'AAAAAAA4', later), caps)).toBe('stored')
  expect(await store.put(storedMessage(topicC, 'CCCC', later), caps)).toBe('stored')
  expect(await store.purgeExpired(later)).toBe(3)
  expect(await store.size()).toBe(3)
  expect(await store.put(storedMessage(topicA, 'AAAAAAA5', later), caps)).toBe('topicFull')
}

/**
 * The eviction contract every mailbox store keeps: a full topic makes room by evicting its oldest
 * messages that some client acknowledged, and only as many as it needs; what they free counts for the
 * store's bytes; a put refused all the same evicts nothing; evicted messages leave the counts at once
 * and are not reported again when their time would have run out.
 */
export async function expectDeliveredEviction(store: MailboxStore): Promise<void> {
  const now = Date.now()
  const evictionCaps = { maxMessagesPerTopic: 3, maxTotalBytes: roomFor(4, 40) }
  const [topicA, topicB, topicC] = [randomTopic(), randomTopic(), randomTopic()]
  const a = (text: string, at = now) => storedMessage(topicA, text, at)
  const late = async (at = now) =>
    (await store.undelivered(topicA, 'did:key:late', at, 10, ANY_BYTES)).map(({ message }) => message)
  for (const text of ['AAAAAAA1', 'AAAAAAA2', 'AAAAAAA3'])
    expect(await store.put(a(text), evictionCaps)).toBe('stored')
  expect(await store.put(storedMessage(topicB, 'BBBBBBBBBBBBBBB1', now), evictionCaps)).toBe('stored')
  expect(await store.markDelivered(a('AAAAAAA1').id, 'did:key:peer')).toBe(true)
  expect(await store.markDelivered(a('AAAAAAA3').id, 'did:key:peer')).toBe(true)

  // Evicting AAAAAAA1 would free 8 bytes of text of the 16 this needs: refused, and AAAAAAA1 is still there.
  expect(await store.put(a('AAAAAAAAAAAAAAA4'), evictionCaps)).toBe('storeFull')
  expect(await late()).toEqual(['AAAAAAA1', 'AAAAAAA2', 'AAAAAAA3'])
  expect(await store.put(a('AAAAAAA4'), evictionCaps)).toBe('stored')
  expect(await late()).toEqual(['AAAAAAA2', 'AAAAAAA3', 'AAAAAAA4'])
  // The undelivered AAAAAAA2 is passed over for the delivered AAAAAAA3.
  expect(await store.put(a('AAAAAAA5'), evictionCaps)).toBe('stored')
  expect(await late()).toEqual(['AAAAAAA2', 'AAAAAAA4', 'AAAAAAA5'])
  expect(await store.put(a('AAAAAAA6'), evictionCaps)).toBe('topicFull')
  expect(await store.size()).toBe(4)

  const later = now + 60_001
  expect(await store.purgeExpired(later)).toBe(4)
  expect(await store.size()).toBe(0)
  // Counts and bytes start again from nothing: an evicted message left them once, not twice.
  for (const text of ['AAAAAAA7', 'AAAAAAA8', 'AAAAAAA9'])
    expect(await store.put(a(text, later), evictionCaps)).toBe('stored')
  expect(await store.put(a('AAAAAAA0', later), evictionCaps)).toBe('topicFull')
  expect(await store.put(storedMessage(topicC, 'CCCCCCCCCCCCCCC1', later), evictionCaps)).toBe('stored')
  expect(await store.put(storedMessage(topicB, 'B', later), evictionCaps)).toBe('storeFull')
}

/**
 * The byte contract every mailbox store keeps: a message weighs its envelope and its attestation, so the
 * store's cap holds whatever the two are made of, and an evicted or expired message frees both.
 */
export async function expectAttestationsCounted(store: MailboxStore): Promise<void> {
  const now = Date.now()
  const attestationCaps = { maxMessagesPerTopic: 1, maxTotalBytes: roomFor(2, 20) }
  const [topicA, topicB, topicC] = [randomTopic(), randomTopic(), randomTopic()]
  const attested = (topic: string, text: string, attestation: string) => ({
    ...storedMessage(topic, text, now),
    attestation,
  })
  const first = attested(topicA, 'A', 'x'.repeat(15))
  expect(await store.put(first, attestationCaps)).toBe('stored')
  // 16 bytes of text held: 5 more are past the cap, though their envelope is a single byte.
  expect(await store.put(attested(topicB, 'B', 'y'.repeat(4)), attestationCaps)).toBe('storeFull')
  expect(await store.put(storedMessage(topicB, 'BBBB', now), attestationCaps)).toBe('stored')
  // The full topic evicts the delivered first message, which frees its weight for the next of the same.
  expect(await store.markDelivered(first.id, 'did:key:peer')).toBe(true)
  expect(await store.put(attested(topicA, 'A2', 'z'.repeat(14)), attestationCaps)).toBe('stored')
  // A minute on, all of it has expired and frees every byte: one message may weigh the whole cap.
  const later = now + 60_001
  const whole = 'C'.repeat(attestationCaps.maxTotalBytes - MESSAGE_OVERHEAD_BYTES)
  expect(await store.put(storedMessage(topicC, whole, later), attestationCaps)).toBe('stored')
}

/**
 * The overhead contract every mailbox store keeps: a message weighs the fixed cost of holding it besides
 * its text, so the store's cap bounds how many tiny messages it holds; an evicted or expired message frees
 * exactly the weight its put counted.
 */
export async function expectMessageOverheadCounted(store: MailboxStore): Promise<void> {
  const now = Date.now()
  const tinyCaps = { maxMessagesPerTopic: 1, maxTotalBytes: 3 * mailboxBytes({ message: 'A' }) }
  const topics = [randomTopic(), randomTopic(), randomTopic(), randomTopic()]
  const tiny = (topic: string, text: string, at = now) => storedMessage(topic, text, at)
  const [first, ...rest] = topics.slice(0, 3).map((topic) => tiny(topic, 'A'))
  for (const message of [first!, ...rest]) expect(await store.put(message, tinyCaps)).toBe('stored')
  // Three bytes of text, yet a fourth byte's message is past the cap.
  expect(await store.put(tiny(topics[3]!, 'D'), tinyCaps)).toBe('storeFull')
  // Evicting the delivered first message frees its text and its overhead: room for one as large.
  expect(await store.markDelivered(first!.id, 'did:key:peer')).toBe(true)
  expect(await store.put(tiny(first!.topic, 'E'), tinyCaps)).toBe('stored')
  expect(await store.put(tiny(topics[3]!, 'D'), tinyCaps)).toBe('storeFull')

  // A minute on, all of it has expired and frees its whole weight, swept or not.
  const later = now + 60_001
  for (const topic of topics.slice(0, 3))
    expect(await store.put(tiny(topic, 'F', later), tinyCaps)).toBe('stored')
  expect(await store.put(tiny(topics[3]!, 'F', later), tinyCaps)).toBe('storeFull')
  expect(await store.purgeExpired(later)).toBe(3)
  expect(await store.put(tiny(topics[3]!, 'F', later), tinyCaps)).toBe('storeFull')
}

/**
 * The delivery-record contract every mailbox store keeps: a message records at most
 * MAX_DELIVERY_RECORDS_PER_MESSAGE clients that have it. A further client is recorded all the same, and one of
 * the others gives way, handed the message again on its next read (the engine drops the duplicate); the
 * message still counts as delivered, so a full topic may evict it.
 */
export async function expectDeliveryRecordsCapped(store: MailboxStore): Promise<void> {
  const now = Date.now()
  const topic = randomTopic()
  const twoPerTopic = { maxMessagesPerTopic: 2, maxTotalBytes: roomFor(3, 24) }
  const [first, second, third] = ['AAAAAAA1', 'AAAAAAA2', 'AAAAAAA3'].map((text) =>
    storedMessage(topic, text, now),
  )
  const waiting = async (clientId: string) =>
    (await store.undelivered(topic, clientId, now, 10, ANY_BYTES)).map(({ message }) => message)
  expect(await store.put(first!, twoPerTopic)).toBe('stored')
  expect(await store.put(second!, twoPerTopic)).toBe('stored')
  const recorded = Array.from({ length: MAX_DELIVERY_RECORDS_PER_MESSAGE }, (_, index) => `did:key:r${index}`)
  for (const clientId of recorded) expect(await store.markDelivered(first!.id, clientId)).toBe(true)

  expect(await store.markDelivered(first!.id, 'did:key:one-more')).toBe(true)
  expect(await waiting('did:key:one-more')).toEqual(['AAAAAAA2'])
  const gaveWay: string[] = []
  for (const clientId of recorded) if ((await waiting(clientId)).includes('AAAAAAA1')) gaveWay.push(clientId)
  expect(gaveWay).toHaveLength(1)
  // A client recorded already takes no one's place.
  expect(await store.markDelivered(first!.id, 'did:key:one-more')).toBe(false)
  for (const clientId of recorded.filter((each) => each !== gaveWay[0]))
    expect(await waiting(clientId)).toEqual(['AAAAAAA2'])

  // Still delivered, so the full topic evicts it, its oldest delivered message.
  expect(await store.put(third!, twoPerTopic)).toBe('stored')
  expect(await waiting('did:key:late')).toEqual(['AAAAAAA2', 'AAAAAAA3'])
}

const KiB = 1024

/**
 * The page contract every mailbox store keeps: a page of large messages ends with the first whose running
 * total of envelope and attestation bytes passes the budget, so the store reads no more than a frame's
 * worth however many messages the count allows, and the caller still sees that more remain.
 */
export async function expectPagesWithinBytes(store: MailboxStore): Promise<void> {
  const now = Date.now()
  const topic = randomTopic()
  const roomy = { maxMessagesPerTopic: 100, maxTotalBytes: 10 * 1024 * KiB }
  // 200 KiB each in frame bytes: half envelope, half attestation.
  const messages = Array.from({ length: 21 }, (_, index) => ({
    ...storedMessage(topic, `${index}`.padStart(3, '0').padEnd(100 * KiB, 'A'), now),
    attestation: 'B'.repeat(100 * KiB),
  }))
  for (const message of messages) expect(await store.put(message, roomy)).toBe('stored')
  // The first is passed over as delivered, so the budget counts from the second on.
  await store.markDelivered(messages[0]!.id, 'did:key:reader')
  const page = async (maxBytes: number) =>
    (await store.undelivered(topic, 'did:key:reader', now, 500, maxBytes)).map(({ message }) =>
      message.slice(0, 3),
    )

  // The sixth passes 1 MiB, the seventh is not read.
  expect(await page(1024 * KiB)).toEqual(['001', '002', '003', '004', '005', '006'])
  // Five reach the budget without passing it: the sixth comes too, telling that more remain.
  expect(await page(1000 * KiB)).toEqual(['001', '002', '003', '004', '005', '006'])
  // One message larger than the budget comes back alone.
  expect(await page(KiB)).toEqual(['001'])
}

/** Every store's mailbox contract, by what it says: each store's tests run them all against a store of its own. */
export const mailboxContracts: readonly (readonly [
  contract: string,
  expectKept: (store: MailboxStore) => Promise<void>,
])[] = [
  ['refuses a full topic or a full store, counting only unexpired messages', expectMailboxCaps],
  [
    'makes room in a full topic by evicting its oldest delivered messages, and only those',
    expectDeliveredEviction,
  ],
  [
    'records at most MAX_DELIVERY_RECORDS_PER_MESSAGE clients per message, the newest reader in place of another',
    expectDeliveryRecordsCapped,
  ],
  [
    'weighs a message by the fixed cost of holding it too, so its bytes cap bounds how many tiny ones it holds',
    expectMessageOverheadCounted,
  ],
  [
    "weighs a message by its envelope and its attestation against the store's bytes",
    expectAttestationsCounted,
  ],
  [
    'ends a page with the first message whose envelope and attestation bytes pass its budget',
    expectPagesWithinBytes,
  ],
]
