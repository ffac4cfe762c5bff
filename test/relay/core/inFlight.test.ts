import { describe, expect, it } from 'vitest'
import { RelayCore } from '../../../relay/core/index.js'
import { RelayMethod } from '../../../relay/protocol/index.js'

const topic = 'cd'.repeat(32)
const frame = (id: number, method: string, params: object) =>
  JSON.stringify({ id, jsonrpc: '2.0', method, params })
const ack = (id: number) => JSON.stringify({ id, jsonrpc: '2.0', result: true })

type Push = { id: number; params: { data: { message: string } } }

describe('pushes awaiting acknowledgement on one connection', () => {
  it('are settled by their own acks in any order, and the rest are pushed again oldest first', async () => {
    // Time moves only when the test moves it, so a busy machine cannot add a round of pushes.
    let now = 1_700_000_000_000
    const core = new RelayCore({ ackTimeoutMs: 40, now: () => now })
    const pushes: Push[] = []
    let answers = 0
    const wallet = core.open('did:key:wallet', {
      send: (text) => {
        const sent = JSON.parse(text) as Push & { method?: string }
        if (sent.method === RelayMethod.subscription) pushes.push(sent)
        else answers++
      },
      close: () => {},
    })
    const dapp = core.open('did:key:dapp', { send: () => {}, close: () => {} })
    wallet.receive(frame(1, RelayMethod.subscribe, { topic }))
    // A subscribe waits on the fan-out's watch; frames after it wait for its answer.
    await expect.poll(() => answers).toBe(1)
    for (const message of ['M0', 'M1', 'M2', 'M3'])
      dapp.receive(frame(2, RelayMethod.publish, { topic, message, ttl: 60, tag: 1108 }))
    expect(pushes.map((push) => push.params.data.message)).toEqual(['M0', 'M1', 'M2', 'M3'])
    const [m0, , m2] = pushes

    wallet.receive(ack(m2!.id))
    wallet.receive(ack(m0!.id))
    // An ack that names nothing awaited (here a push already settled) settles nothing else.
    wallet.receive(ack(m2!.id))
    await expect.poll(() => core.stats().messagesDelivered).toBe(2)

    now += 40
    await expect.poll(() => pushes.length).toBe(6)
    const again = pushes.slice(4)
    expect(again.map((push) => push.params.data.message)).toEqual(['M1', 'M3'])
    expect(again.map((push) => push.id)).not.toContain(pushes[1]!.id)
    for (const push of again) wallet.receive(ack(push.id))
    await expect.poll(() => core.stats().messagesDelivered).toBe(4)
    now += 1000
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(pushes).toHaveLength(6)
    await core.close()
  })
})
