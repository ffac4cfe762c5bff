import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { messageId, type StoredMessage } from '../../../relay/server/core/index.js'
import { SqliteMailboxStore } from '../../../relay/server/sqliteStore.js'
import { randomTopic } from './support/rawClient.js'

const directory = mkdtempSync(join(tmpdir(), 'pairwise-sqlite-store-'))
let files = 0
afterAll(() => rmSync(directory, { recursive: true, force: true }))

const now = Date.now()
function message(topic: string, text: string): StoredMessage {
  return {
    id: messageId(topic, text),
    topic,
    message: text,
    tag: 1108,
    prompt: false,
    publishedAt: now,
    expiresAt: now + 300_000,
    publisherId: 'did:key:publisher',
  }
}

describe('SQLite mailbox with calls of one turn sharing a commit', () => {
  it('answers each call of a burst as if it ran alone, in the order the calls were made', async () => {
    const file = join(directory, `burst-${++files}.db`)
    const store = await SqliteMailboxStore.open(file)
    const topic = randomTopic()
    const messages = Array.from({ length: 300 }, (_, index) => message(topic, `m${index}`))
    // Neither call awaited before the next: all of them land in one transaction.
    const stored = messages.map((entry) => store.put(entry))
    const again = store.put(messages[7]!)
    const seen = store.undelivered(topic, 'did:key:reader', now, 1000)
    const delivered = [store.markDelivered(messages[0]!.id, 'did:key:reader')]
    const twice = store.markDelivered(messages[0]!.id, 'did:key:reader')
    const after = store.undelivered(topic, 'did:key:reader', now, 1000)

    expect(await Promise.all(stored)).toEqual(messages.map(() => true))
    expect(await again).toBe(false)
    expect((await seen).map((entry) => entry.message)).toEqual(messages.map((entry) => entry.message))
    expect(await Promise.all(delivered)).toEqual([true])
    expect(await twice).toBe(false)
    expect(await after).toHaveLength(messages.length - 1)
    await store.close()

    const reopened = await SqliteMailboxStore.open(file)
    expect(await reopened.size()).toBe(messages.length)
    expect(await reopened.undelivered(topic, 'did:key:reader', now, 1000)).toHaveLength(messages.length - 1)
    await reopened.close()
  })

  it('commits what was queued before close, and refuses calls after it', async () => {
    const file = join(directory, `close-${++files}.db`)
    const store = await SqliteMailboxStore.open(file)
    const pending = store.put(message(randomTopic(), 'queued just before close'))
    await store.close()
    expect(await pending).toBe(true)
    await expect(store.put(message(randomTopic(), 'too late'))).rejects.toThrow('closed')

    const reopened = await SqliteMailboxStore.open(file)
    expect(await reopened.size()).toBe(1)
    await reopened.close()
  })
})
