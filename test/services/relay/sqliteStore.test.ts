import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'libsql'
import { afterAll, describe, expect, it } from 'vitest'
import { type MailboxCaps, MESSAGE_OVERHEAD_BYTES, messageId } from '../../../relay/core/index.js'
import { schemaSteps } from '../../../services/relay/sqliteSchema.js'
import { SqliteFileInUseError, SqliteMailboxStore } from '../../../services/relay/sqliteStore.js'
import { ANY_BYTES, storedMessage } from './support/mailboxCaps.js'
import { randomTopic } from './support/rawClient.js'

const directory = mkdtempSync(join(tmpdir(), 'pairwise-sqlite-store-'))
let files = 0
afterAll(() => rmSync(directory, { recursive: true, force: true }))

const now = Date.now()
const roomy: MailboxCaps = { maxMessagesPerTopic: 10_000, maxTotalBytes: 10_000_000 }
const message = (topic: string, text: string, publishedAt = now, ttlMs = 300_000) =>
  storedMessage(topic, text, publishedAt, ttlMs)

describe('SQLite mailbox with calls of one turn sharing a commit', () => {
  it('answers each call of a burst as if it ran alone, in the order the calls were made', async () => {
    const file = join(directory, `burst-${++files}.db`)
    const store = await SqliteMailboxStore.open(file)
    const topic = randomTopic()
    const messages = Array.from({ length: 300 }, (_, index) => message(topic, `m${index}`))
    // Neither call awaited before the next: all of them land in one transaction.
    const stored = messages.map((entry) => store.put(entry, roomy))
    const again = store.put(messages[7]!, roomy)
    const seen = store.undelivered(topic, 'did:key:reader', now, 1000, ANY_BYTES)
    const delivered = [store.markDelivered(messages[0]!.id, 'did:key:reader')]
    const twice = store.markDelivered(messages[0]!.id, 'did:key:reader')
    const after = store.undelivered(topic, 'did:key:reader', now, 1000, ANY_BYTES)

    expect(await Promise.all(stored)).toEqual(messages.map(() => 'stored'))
    expect(await again).toBe('duplicate')
    expect((await seen).map((entry) => entry.message)).toEqual(messages.map((entry) => entry.message))
    expect(await Promise.all(delivered)).toEqual([true])
    expect(await twice).toBe(false)
    expect(await after).toHaveLength(messages.length - 1)
    await store.close()

    const reopened = await SqliteMailboxStore.open(file)
    expect(await reopened.size()).toBe(messages.length)
    expect(await reopened.undelivered(topic, 'did:key:reader', now, 1000, ANY_BYTES)).toHaveLength(
      messages.length - 1,
    )
    await reopened.close()
  })

  it('commits what was queued before close, and refuses calls after it', async () => {
    const file = join(directory, `close-${++files}.db`)
    const store = await SqliteMailboxStore.open(file)
    const pending = store.put(message(randomTopic(), 'queued just before close'), roomy)
    await store.close()
    expect(await pending).toBe('stored')
    await expect(store.put(message(randomTopic(), 'too late'), roomy)).rejects.toThrow('closed')

    const reopened = await SqliteMailboxStore.open(file)
    expect(await reopened.size()).toBe(1)
    await reopened.close()
  })

  it('lets one connection at a time have the file: a second open fails until the first is closed', async () => {
    const file = join(directory, `exclusive-${++files}.db`)
    const store = await SqliteMailboxStore.open(file)
    await store.put(message(randomTopic(), 'held'), roomy)
    await expect(SqliteMailboxStore.open(file)).rejects.toThrow(SqliteFileInUseError)
    await expect(SqliteMailboxStore.open(file)).rejects.toThrow('in use by another process')
    await store.close()
    const next = await SqliteMailboxStore.open(file)
    expect(await next.size()).toBe(1)
    await next.close()
  })
})

describe('SQLite mailbox caps', () => {
  it('refuses a put past the per-topic or the total cap, counting only unexpired messages', async () => {
    const file = join(directory, `caps-${++files}.db`)
    const store = await SqliteMailboxStore.open(file)
    // Room for four messages of ten bytes.
    const caps: MailboxCaps = { maxMessagesPerTopic: 3, maxTotalBytes: 40 + 4 * MESSAGE_OVERHEAD_BYTES }
    const full = randomTopic()
    // Ten bytes of text each; the first expires a second after it is published.
    expect(await store.put(message(full, 'aaaaaaaaaa', now, 1000), caps)).toBe('stored')
    expect(await store.put(message(full, 'bbbbbbbbbb'), caps)).toBe('stored')
    expect(await store.put(message(full, 'cccccccccc'), caps)).toBe('stored')
    expect(await store.put(message(full, 'dddddddddd'), caps)).toBe('topicFull')
    expect(await store.put(message(full, 'bbbbbbbbbb'), caps)).toBe('duplicate')
    const other = randomTopic()
    expect(await store.put(message(other, 'eeeeeeeeee'), caps)).toBe('stored')
    expect(await store.put(message(other, 'f'), caps)).toBe('storeFull')
    // Once the first has expired it counts for neither cap, swept or not.
    const later = now + 1000
    expect(await store.put(message(full, 'dddddddddd', later), caps)).toBe('stored')
    expect(await store.put(message(full, 'gggggggggg', later), caps)).toBe('topicFull')
    expect(await store.put(message(other, 'hhhhhhhhhh', later), caps)).toBe('storeFull')
    expect(await store.size()).toBe(5)
    expect(await store.purgeExpired(later)).toBe(1)
    expect(await store.size()).toBe(4)
    await store.close()

    // The counters are in the file, the overhead of each message too: a reopened store enforces the same caps.
    const reopened = await SqliteMailboxStore.open(file)
    expect(await reopened.put(message(other, 'iiiiiiiiii', later), caps)).toBe('storeFull')
    expect(await reopened.put(message(other, 'jjjjjjjjj', later), caps)).toBe('storeFull')
    const roomForK = { ...caps, maxTotalBytes: caps.maxTotalBytes + 1 + MESSAGE_OVERHEAD_BYTES }
    expect(await reopened.put(message(other, 'k', later), roomForK)).toBe('stored')
    expect(await reopened.size()).toBe(5)
    await reopened.close()
  })

  it('takes off at expiry the bytes a message counted when put, whatever characters it holds', async () => {
    const file = join(directory, `caps-wide-${++files}.db`)
    const store = await SqliteMailboxStore.open(file)
    const caps: MailboxCaps = { maxMessagesPerTopic: 10, maxTotalBytes: 100 + MESSAGE_OVERHEAD_BYTES }
    // Outside the BMP: two UTF-16 code units each in JavaScript, one character to SQLite's length().
    expect(await store.put(message(randomTopic(), '😀'.repeat(40), now, 1000), caps)).toBe('stored')
    const later = now + 1000
    expect(await store.purgeExpired(later)).toBe(1)
    // Nothing is left: a message as large as the whole cap fits.
    expect(await store.put(message(randomTopic(), 'a'.repeat(100), later), caps)).toBe('stored')
    await store.close()
  })

  it('counts a burst of one turn against the caps one put after another', async () => {
    const file = join(directory, `caps-burst-${++files}.db`)
    const store = await SqliteMailboxStore.open(file)
    const topic = randomTopic()
    const caps: MailboxCaps = { maxMessagesPerTopic: 5, maxTotalBytes: 1_000_000 }
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, index) => store.put(message(topic, `burst ${index}`), caps)),
    )
    expect(outcomes).toEqual([
      'stored',
      'stored',
      'stored',
      'stored',
      'stored',
      'topicFull',
      'topicFull',
      'topicFull',
    ])
    await store.close()
  })

  it('migrates a file from before the caps: its messages counted, its deliveries kept', async () => {
    const file = join(directory, `schema-1-${++files}.db`)
    const old = new Database(file)
    old.exec(schemaSteps[0] ?? '')
    old.exec('PRAGMA user_version = 1')
    const topic = randomTopic()
    const insert = old.prepare(
      `INSERT INTO messages (id, topic, message, tag, prompt, attestation, published_at, expires_at, publisher_id)
       VALUES (?, ?, ?, 1108, 0, NULL, ?, ?, 'did:key:publisher')`,
    )
    for (const text of ['aaaa', 'bbbb']) insert.run([messageId(topic, text), topic, text, now, now + 60_000])
    old
      .prepare("INSERT INTO deliveries (message_id, client_id) VALUES (?, 'did:key:reader')")
      .run([messageId(topic, 'aaaa')])
    old.close()

    const store = await SqliteMailboxStore.open(file)
    expect(await store.size()).toBe(2)
    const unread = await store.undelivered(topic, 'did:key:reader', now, 10, ANY_BYTES)
    expect(unread.map(({ message }) => message)).toEqual(['bbbb'])
    const caps: MailboxCaps = { maxMessagesPerTopic: 3, maxTotalBytes: 12 + 3 * MESSAGE_OVERHEAD_BYTES }
    expect(await store.put(message(topic, 'cccc'), caps)).toBe('stored')
    // The delivery recorded before the migration makes 'aaaa' the one to evict for room.
    expect(await store.put(message(topic, 'dddd'), caps)).toBe('stored')
    const late = await store.undelivered(topic, 'did:key:late', now, 10, ANY_BYTES)
    expect(late.map(({ message }) => message)).toEqual(['bbbb', 'cccc', 'dddd'])
    expect(await store.put(message(topic, 'eeee'), caps)).toBe('topicFull')
    expect(await store.put(message(randomTopic(), 'e'), caps)).toBe('storeFull')
    await store.close()
  })
})
