import { expect } from 'vitest'
import { type MailboxStore, messageId, type StoredMessage } from '../../../../relay/core/index.js'
import { randomTopic } from './rawClient.js'

const caps = { maxMessagesPerTopic: 2, maxTotalBytes: 20 }

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
