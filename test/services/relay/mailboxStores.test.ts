import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  type MailboxStore,
  MemoryMailboxStore,
  messageId,
  type StoredMessage,
} from '../../../relay/core/index.js'
import { SqliteMailboxStore } from '../../../services/relay/sqliteStore.js'
import { ANY_BYTES, mailboxContracts } from './support/mailboxCaps.js'
import { randomTopic } from './support/rawClient.js'

const directory = mkdtempSync(join(tmpdir(), 'pairwise-mailbox-stores-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

const stores: [string, () => Promise<MailboxStore>][] = [
  ['memory', async () => new MemoryMailboxStore()],
  ['sqlite', () => SqliteMailboxStore.open(join(directory, `${randomTopic()}.db`))],
]

describe.each(stores)('%s mailbox', (_name, open) => {
  it.each(mailboxContracts)('%s', async (_contract, expectKept) => {
    const store = await open()
    await expectKept(store)
    await store.close()
  })

  it('tracks delivery per client id, for one recipient and for several', async () => {
    const store = await open()
    const now = Date.now()
    const topic = randomTopic()
    const stored: StoredMessage = {
      id: messageId(topic, 'AAEC'),
      topic,
      message: 'AAEC',
      tag: 1108,
      prompt: true,
      publishedAt: now,
      expiresAt: now + 60_000,
      publisherId: 'did:key:publisher',
    }
    const waiting = async (clientId: string) =>
      (await store.undelivered(topic, clientId, now, 10, ANY_BYTES)).length

    expect(await store.put(stored, { maxMessagesPerTopic: 10, maxTotalBytes: 1000 })).toBe('stored')
    expect(await waiting('did:key:publisher')).toBe(0)
    expect(await store.markDelivered(stored.id, 'did:key:a')).toBe(true)
    expect(await store.markDelivered(stored.id, 'did:key:a')).toBe(false)
    expect([await waiting('did:key:a'), await waiting('did:key:b')]).toEqual([0, 1])
    expect(await store.markDelivered(stored.id, 'did:key:b')).toBe(true)
    expect(await store.markDelivered(stored.id, 'did:key:c')).toBe(true)
    expect(await store.markDelivered(stored.id, 'did:key:b')).toBe(false)
    expect([await waiting('did:key:a'), await waiting('did:key:b'), await waiting('did:key:c')]).toEqual([
      0, 0, 0,
    ])
    expect(await waiting('did:key:d')).toBe(1)
    expect(await store.undelivered(topic, 'did:key:d', now + 60_000, 10, ANY_BYTES)).toEqual([])
    await store.close()
  })

  it('stores an envelope published again once its earlier copy expired, and keeps it through the sweep', async () => {
    const store = await open()
    const now = Date.now()
    const topic = randomTopic()
    const caps = { maxMessagesPerTopic: 10, maxTotalBytes: 1000 }
    const copy = (publishedAt: number): StoredMessage => ({
      id: messageId(topic, 'AAEC'),
      topic,
      message: 'AAEC',
      tag: 1002,
      prompt: false,
      publishedAt,
      expiresAt: publishedAt + 30_000,
      publisherId: 'did:key:publisher',
    })
    const later = now + 30_000
    const waiting = async (clientId: string, at: number) =>
      (await store.undelivered(topic, clientId, at, 10, ANY_BYTES)).map(({ expiresAt }) => expiresAt)

    expect(await store.put(copy(now), caps)).toBe('stored')
    expect(await store.put(copy(now + 29_999), caps)).toBe('duplicate')
    expect(await store.markDelivered(copy(now).id, 'did:key:a')).toBe(true)
    expect(await store.put(copy(later), caps)).toBe('stored')
    expect(await waiting('did:key:a', later)).toEqual([later + 30_000])
    expect(await store.markDelivered(copy(later).id, 'did:key:a')).toBe(true)
    expect(await store.markDelivered(copy(later).id, 'did:key:c')).toBe(true)
    expect(await waiting('did:key:a', later)).toEqual([])
    expect(await store.purgeExpired(later)).toBe(1)
    expect(await waiting('did:key:b', later)).toEqual([later + 30_000])
    await store.close()
  })
})
