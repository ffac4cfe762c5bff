import { describe, expect, it } from 'vitest'
import { defaultEngineTimings } from '../../engine/context.js'
import { MemoryStorage } from '../../storage/index.js'
import { ADDRESS, establishSession, nextEvent, useTestRelay, walletMetadata } from './support/harness.js'

const harness = useTestRelay()
const { pool } = harness

describe('start-up', () => {
  it('CONST-19 requests waiting when the wallet starts are handed out after an initial 1 s delay', async () => {
    expect(defaultEngineTimings.requestQueueDelayMs).toBe(1_000)
    const storage = new MemoryStorage()
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata, storage })
    const { topic } = await establishSession(dapp, wallet)
    const arrived = nextEvent(wallet, 'session_request')
    void dapp
      .request({ topic, chainId: 'eip155:1', request: { method: 'personal_sign', params: [ADDRESS] } })
      .catch(() => undefined)
    const { id } = await arrived
    await wallet.close()

    // The same wallet starts again with the request still unanswered, at the default timings.
    const startedAt = Date.now()
    const restarted = await pool.make(harness.relay.url, {
      metadata: walletMetadata,
      storage,
      timings: defaultEngineTimings,
    })
    const handedOut = await nextEvent(restarted, 'session_request')
    const waited = Date.now() - startedAt
    expect(handedOut.id).toBe(id)
    expect(waited).toBeGreaterThanOrEqual(950)
    expect(waited).toBeLessThan(5_000)
  })
})
