import { describe, expect, it } from 'vitest'
import { MemoryMailboxStore, RelayCore } from '../../../relay/core/index.js'
import { RelayMethod } from '../../../relay/protocol/index.js'
import { storedMessage } from '../../services/relay/support/mailboxCaps.js'
import { coreClient, messagesOf } from './support/coreClient.js'

const topic = 'cd'.repeat(32)
const KiB = 1024

/** A store in memory that keeps how many messages each page read returned. */
class CountedPages extends MemoryMailboxStore {
  readonly pages: number[] = []

  override async undelivered(...read: Parameters<MemoryMailboxStore['undelivered']>) {
    const page = await super.undelivered(...read)
    this.pages.push(page.length)
    return page
  }
}

/** A core whose mailbox holds twenty messages of 200 KiB on `topic`, M00 to M19, none for the wallet yet. */
async function coreWithLargeMessages(): Promise<{ core: RelayCore; store: CountedPages }> {
  const store = new CountedPages()
  const now = Date.now()
  for (let index = 0; index < 20; index++) {
    const message = `M${`${index}`.padStart(2, '0')}`.padEnd(200 * KiB, 'A')
    await store.put(storedMessage(topic, message, now, 300_000), {
      maxMessagesPerTopic: 100,
      maxTotalBytes: 10 * 1024 * KiB,
    })
  }
  return { core: new RelayCore({ store }), store }
}

const firstFive = ['M00', 'M01', 'M02', 'M03', 'M04']

describe('a page of stored messages read within the bytes it can send', () => {
  it('reads a fetch of large messages up to the frame, not up to the message count', async () => {
    const { core, store } = await coreWithLargeMessages()
    const wallet = coreClient(core, 'did:key:wallet')
    wallet.call(1, RelayMethod.fetchMessages, { topic })
    await expect.poll(() => wallet.answers.has(1)).toBe(true)

    const { messages, hasMore } = wallet.answers.get(1)!.result as {
      messages: { message: string }[]
      hasMore: boolean
    }
    expect({ messages: messages.map(({ message }) => message.slice(0, 3)), hasMore }).toEqual({
      messages: firstFive,
      hasMore: true,
    })
    // The sixth passes the frame: read, so the answer knows more remain, and not sent.
    expect(store.pages).toEqual([6])
    await core.close()
  })

  it('reads a subscribe’s page of large messages up to the in-flight window, not up to the push count', async () => {
    const { core, store } = await coreWithLargeMessages()
    const wallet = coreClient(core, 'did:key:wallet')
    wallet.call(1, RelayMethod.subscribe, { topic })
    await expect.poll(() => wallet.pushes.length).toBe(5)

    expect(messagesOf(wallet.pushes).map((message) => message.slice(0, 3))).toEqual(firstFive)
    expect(store.pages).toEqual([6])
    // The topic is remembered as having more: acknowledgements bring the next page.
    for (const push of wallet.pushes.slice()) wallet.ack(push)
    await expect.poll(() => wallet.pushes.length).toBeGreaterThan(5)
    await core.close()
  })
})
