import { describe, expect, it } from 'vitest'
import { MemoryMailboxStore, RelayCore } from '../../../relay/core/index.js'
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
})
