import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { useTestRelay } from '../engine/support/harness.js'
import { rawWalletSession } from './support/fixtures.js'

const harness = useTestRelay()
const { pool, peers } = harness

const methods = [
  'wc_sessionUpdate',
  'wc_sessionExtend',
  'wc_sessionEvent',
  'wc_sessionRequest',
  'wc_sessionSettle',
  'wc_sessionPropose',
  'wc_sessionAuthenticate',
  'wc_sessionPing',
  'wc_whatever',
]

describe('inbound conformance', () => {
  it('malformed peer payloads are refused or ignored and never break the session', async () => {
    const dapp = await pool.make(harness.relay.url)
    const raw = await rawWalletSession(harness.relay.url, dapp)
    peers.push(raw.peer)
    await raw.approval
    const topic = raw.sessionTopic
    const payloads = fc.sample(
      fc.oneof(
        fc.jsonValue(),
        fc.record({
          id: fc.integer({ min: 1 }),
          jsonrpc: fc.constant('2.0'),
          method: fc.constantFrom(...methods),
          params: fc.jsonValue(),
        }),
        fc.record({ id: fc.integer({ min: 1 }), jsonrpc: fc.constant('2.0'), result: fc.jsonValue() }),
      ),
      60,
    )
    for (const payload of payloads) await raw.peer.publish(topic, payload)
    const ping = 1_000_000_007
    await raw.peer.publish(topic, { id: ping, jsonrpc: '2.0', method: 'wc_sessionPing', params: {} }, 1114)
    const answer = await raw.peer.next((message) => message.payload.id === ping)
    expect(answer.payload.result).toBe(true)
    expect(dapp.session.get(topic).acknowledged).toBe(true)
  })
})
