import { describe, expect, it } from 'vitest'
import { RelayCore } from '../../../relay/core/index.js'
import { RelayErrorCode, RelayMethod } from '../../../relay/protocol/index.js'
import { coreClient } from './support/coreClient.js'

// Entries a frame well within the frame cap can hold; judged one by one, each costs the schema a scan of
// the issues before it, so such a frame held the process for seconds.
const MANY = 200_000

describe('a relay refusing a batch past maxBatchSize', () => {
  it.each([
    [RelayMethod.batchSubscribe, { topics: Array(MANY).fill('') }],
    [RelayMethod.batchUnsubscribe, { subscriptions: Array(MANY).fill({}) }],
    [RelayMethod.batchFetchMessages, { topics: Array(MANY).fill('') }],
    [RelayMethod.batchPublish, { messages: Array(MANY).fill({}) }],
  ])('refuses %s of too many entries by their count, before any entry is read', async (method, params) => {
    const core = new RelayCore({ limits: { receiveBytesBurstPerIp: 64 * 1024 * 1024 } })
    const client = coreClient(core, 'did:key:client', '203.0.113.7')
    const started = performance.now()
    client.call(1, method, params)
    await expect.poll(() => client.answers.has(1)).toBe(true)
    expect(performance.now() - started).toBeLessThan(2_000)
    expect(client.answers.get(1)?.error).toMatchObject({
      code: RelayErrorCode.batchTooLarge,
      message: `Batch too large: ${MANY} entries, the limit is ${core.limits.maxBatchSize}`,
    })
    await core.close()
  })
})
