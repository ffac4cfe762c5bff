import { describe, expect, it } from 'vitest'
import { RelayCore } from '../../../relay/core/index.js'
import { RelayMethod } from '../../../relay/protocol/index.js'

const topic = 'ab'.repeat(32)
const frame = (id: number, method: string, params: object) =>
  JSON.stringify({ id, jsonrpc: '2.0', method, params })

/** Two clients of one core, each with the frames it was sent. */
function twoClients() {
  const core = new RelayCore()
  const open = (clientId: string) => {
    const sent: string[] = []
    const session = core.open(clientId, { send: (text) => void sent.push(text), close: () => {} })
    return { session, sent }
  }
  return { core, wallet: open('did:key:wallet'), dapp: open('did:key:dapp') }
}

describe('a relay on a store in memory handles a frame in the turn it arrives (issue 34)', () => {
  it('acks a publish and pushes it to the subscriber before the turn ends, and takes the ack at once', async () => {
    const { core, wallet, dapp } = twoClients()
    wallet.session.receive(frame(1, RelayMethod.subscribe, { topic }))
    // A subscribe waits on the fan-out's watch, so its answer comes in a later turn.
    await expect.poll(() => wallet.sent.length).toBe(1)
    wallet.sent.length = 0

    dapp.session.receive(frame(2, RelayMethod.publish, { topic, message: 'AAAA', ttl: 60, tag: 1108 }))
    expect(dapp.sent.map((text) => JSON.parse(text))).toEqual([{ id: 2, jsonrpc: '2.0', result: true }])
    const push = JSON.parse(wallet.sent[0] ?? '{}') as { id: number; method: string }
    expect(push.method).toBe(RelayMethod.subscription)

    wallet.session.receive(JSON.stringify({ id: push.id, jsonrpc: '2.0', result: true }))
    expect(core.stats().messagesDelivered).toBe(1)
    await core.close()
  })
})
