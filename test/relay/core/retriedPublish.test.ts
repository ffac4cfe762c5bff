import { describe, expect, it } from 'vitest'
import {
  type MailboxCaps,
  MemoryMailboxStore,
  RelayCore,
  type StoredMessage,
} from '../../../relay/core/index.js'
import { RelayErrorCode, RelayMethod } from '../../../relay/protocol/index.js'
import { coreClient, messagesOf } from './support/coreClient.js'

const topic = 'cd'.repeat(32)

/** A store in memory whose first put of `failing` throws, as a write whose connection dropped. */
class FailsOnce extends MemoryMailboxStore {
  constructor(private failing: string | undefined) {
    super()
  }

  override put(message: StoredMessage, caps: MailboxCaps, addressFull?: boolean) {
    if (message.message !== this.failing) return super.put(message, caps, addressFull)
    this.failing = undefined
    throw new Error('the connection to the store dropped')
  }
}

describe('a publish retried', () => {
  it('hands on what its failed attempt stored, to each subscriber that has not had it, once', async () => {
    const core = new RelayCore({ store: new FailsOnce('M2') })
    const wallet = coreClient(core, 'did:key:wallet')
    const dapp = coreClient(core, 'did:key:dapp')
    wallet.call(1, RelayMethod.subscribe, { topic })
    await expect.poll(() => wallet.answers.has(1)).toBe(true)
    const publishBatch = (id: number) =>
      dapp.call(id, RelayMethod.batchPublish, {
        messages: ['M1', 'M2'].map((message) => ({ topic, message, ttl: 300, tag: 1108 })),
      })

    // M1 is stored, then M2's write fails: the call is answered with an error and nothing is handed on.
    publishBatch(1)
    expect(dapp.answers.get(1)?.error?.code).toBe(RelayErrorCode.internalError)
    expect(wallet.pushes).toEqual([])

    publishBatch(2)
    expect(dapp.answers.get(2)?.result).toBe(true)
    await expect.poll(() => messagesOf(wallet.pushes)).toEqual(['M2', 'M1'])

    // Retried once more: M2 was acknowledged and M1 is awaited, so neither is pushed again.
    wallet.ack(wallet.pushes[0]!)
    publishBatch(3)
    expect(dapp.answers.get(3)?.result).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(messagesOf(wallet.pushes)).toEqual(['M2', 'M1'])
    await core.close()
  })

  it('costs a subscriber one read of its mailbox however often another client publishes a message it has, never its connection', async () => {
    const core = new RelayCore()
    const wallet = coreClient(core, 'did:key:wallet')
    const dapp = coreClient(core, 'did:key:dapp')
    wallet.call(1, RelayMethod.subscribe, { topic })
    await expect.poll(() => wallet.answers.has(1)).toBe(true)
    const envelope = (message: string) => ({ topic, message, ttl: 300, tag: 1108 })
    dapp.call(1, RelayMethod.publish, envelope('M1'))
    await expect.poll(() => messagesOf(wallet.pushes)).toEqual(['M1'])
    wallet.ack(wallet.pushes[0]!)

    // More copies of a message the wallet has than its connection may have frames waiting.
    const copies = core.limits.maxPendingFrames + 36
    dapp.call(2, RelayMethod.batchPublish, { messages: Array.from({ length: copies }, () => envelope('M1')) })
    expect(dapp.answers.get(2)?.result).toBe(true)
    dapp.call(3, RelayMethod.publish, envelope('M2'))
    await expect.poll(() => messagesOf(wallet.pushes), { timeout: 10_000 }).toEqual(['M1', 'M2'])
    await core.close()
  })

  it('is delivered when it comes after its earlier copy expired, before a sweep dropped that copy', async () => {
    let now = 1_000_000
    const core = new RelayCore({ now: () => now, sweepIntervalMs: 3_600_000 })
    const dapp = coreClient(core, 'did:key:dapp')
    dapp.call(1, RelayMethod.publish, { topic, message: 'M1', ttl: 30, tag: 1002 })
    now += 30_000
    dapp.call(2, RelayMethod.publish, { topic, message: 'M1', ttl: 30, tag: 1002 })
    expect(dapp.answers.get(2)?.result).toBe(true)
    const wallet = coreClient(core, 'did:key:wallet')
    wallet.call(1, RelayMethod.subscribe, { topic })
    await expect.poll(() => messagesOf(wallet.pushes)).toEqual(['M1'])
    await core.close()
  })
})
