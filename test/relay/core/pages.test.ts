import { describe, expect, it } from 'vitest'
import { MAX_DELIVERY_RECORDS_PER_MESSAGE, MemoryMailboxStore, RelayCore } from '../../../relay/core/index.js'
import { RelayMethod } from '../../../relay/protocol/index.js'
import { coreClient, messagesOf } from './support/coreClient.js'

const topic = 'cd'.repeat(32)

/** A store in memory whose page reads, while held, answer only on `answer()`, with what they found when asked. */
class SlowPages extends MemoryMailboxStore {
  held = false
  private readonly reads: (() => void)[] = []

  override async undelivered(...read: Parameters<MemoryMailboxStore['undelivered']>) {
    const page = await super.undelivered(...read)
    if (this.held) await new Promise<void>((resolve) => this.reads.push(resolve))
    return page
  }

  answer(): void {
    this.held = false
    for (const resolve of this.reads.splice(0)) resolve()
  }
}

describe('stored messages pushed a page at a time', () => {
  it('pushes a message that found no room while a page was read, once acknowledgements make room', async () => {
    const store = new SlowPages()
    const core = new RelayCore({ store, limits: { maxInFlightPushes: 4 } })
    const wallet = coreClient(core, 'did:key:wallet')
    const dapp = coreClient(core, 'did:key:dapp')
    const publish = (id: number, message: string) =>
      dapp.call(id, RelayMethod.publish, { topic, message, ttl: 300 })
    wallet.call(1, RelayMethod.subscribe, { topic })
    await expect.poll(() => wallet.answers.has(1)).toBe(true)
    publish(1, 'M1')
    publish(2, 'M2')
    publish(3, 'M3')

    // Subscribing again reads a page, which the store answers only after M4 and M5 are published.
    store.held = true
    wallet.call(2, RelayMethod.subscribe, { topic })
    await expect.poll(() => wallet.answers.has(2)).toBe(true)
    publish(4, 'M4')
    publish(5, 'M5')
    // M4 takes the last of the room; M5 is left for the next page.
    expect(messagesOf(wallet.pushes)).toEqual(['M1', 'M2', 'M3', 'M4'])
    store.answer()

    for (const push of wallet.pushes.slice()) wallet.ack(push)
    await expect.poll(() => messagesOf(wallet.pushes)).toEqual(['M1', 'M2', 'M3', 'M4', 'M5'])
    await core.close()
  })

  it('pages a reader through every message of a topic whose messages already record their most readers', async () => {
    const core = new RelayCore({ store: new MemoryMailboxStore(), limits: { maxInFlightPushes: 4 } })
    const dapp = coreClient(core, 'did:key:dapp')
    const sent = ['M1', 'M2', 'M3', 'M4', 'M5', 'M6', 'M7', 'M8']
    for (const [index, message] of sent.entries())
      dapp.call(index + 1, RelayMethod.publish, { topic, message, ttl: 300 })
    await expect.poll(() => dapp.answers.size).toBe(sent.length)
    for (let reader = 0; reader < MAX_DELIVERY_RECORDS_PER_MESSAGE; reader++) {
      const fetcher = coreClient(core, `did:key:fetcher${reader}`, `10.0.0.${reader}`)
      fetcher.call(1, RelayMethod.fetchMessages, { topic })
      await expect.poll(() => fetcher.answers.has(1)).toBe(true)
    }

    // Its acknowledgements are recorded, so each page moves on rather than handing it the first again.
    const wallet = coreClient(core, 'did:key:wallet')
    wallet.call(1, RelayMethod.subscribe, { topic })
    for (let page = 0; page < sent.length; page++) {
      await expect.poll(() => wallet.pushes.length).toBeGreaterThan(0)
      for (const push of wallet.pushes.slice(-4)) wallet.ack(push)
      if (new Set(messagesOf(wallet.pushes)).size === sent.length) break
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    expect(messagesOf(wallet.pushes)).toEqual(sent)
    await core.close()
  })
})
