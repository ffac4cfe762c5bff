import { describe, expect, it } from 'vitest'
import { ADDRESS, establishSession, sleep, useTestRelay, walletMetadata } from '../support/harness.js'
import { inboundHandled } from '../support/internals.js'

const harness = useTestRelay()
const { pool } = harness

describe('deleting a session', () => {
  it('whose request is shown hands out the next queued request of another session', async () => {
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const dapp = await pool.make(harness.relay.url)
    const other = await pool.make(harness.relay.url)
    const { topic } = await establishSession(dapp, wallet)
    const { topic: otherTopic } = await establishSession(other, wallet)
    const handedOut: string[] = []
    const handedOutIds: number[] = []
    wallet.on('session_request', ({ id, topic: from }) => {
      handedOut.push(from)
      handedOutIds.push(id)
    })
    const sign = { method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] }
    void dapp.request({ topic, chainId: 'eip155:1', request: sign }).catch(() => {})
    await expect.poll(() => handedOut).toEqual([topic])
    void other.request({ topic: otherTopic, chainId: 'eip155:1', request: sign }).catch(() => {})
    await expect.poll(() => wallet.getPendingSessionRequests().length).toBe(2)

    // The dapp whose request is shown ends its session; the other dapp's request must not wait behind it.
    await dapp.disconnect({ topic, reason: { code: 6000, message: 'User disconnected.' } })
    await expect.poll(() => wallet.session.keys.includes(topic)).toBe(false)
    await inboundHandled(wallet)
    await expect.poll(() => handedOut, { timeout: 10_000 }).toEqual([topic, otherTopic])

    // A wallet UI still answering the request it showed from the ended session does not hand the
    // other session's request out a second time.
    const [ended] = handedOutIds
    await expect(
      wallet.respond({ topic, response: { id: ended ?? 0, jsonrpc: '2.0', result: '0x00' } }),
    ).rejects.toThrow()
    await sleep(1_500)
    expect(handedOut).toEqual([topic, otherTopic])
  })
})
