import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { RelayMethod } from '../../../relay/protocol/index.js'
import { type ChildRelay, childRelays } from './support/childRelay.js'
import { RawRelayClient, randomTopic, testIdentity, withAuth } from './support/rawClient.js'
import { wsFactory } from './support/wsHarness.js'

const relays = childRelays('pairwise-relay-sqlite-')

async function start(file: string, sync: string): Promise<ChildRelay> {
  return relays.start([
    '--port',
    '0',
    '--store',
    `sqlite:${file}`,
    '--sqlite-sync',
    sync,
    '--log-level',
    'warn',
  ])
}

describe('SQLite mailbox across a kill -9', () => {
  it.each([
    'normal',
    'full',
  ])('delivers every acknowledged publish after a kill -9 and a restart (sync %s)', async (sync) => {
    const file = join(relays.directory, `mailbox-${sync}.db`)
    const first = await start(file, sync)
    const publisher = testIdentity()
    const reader = testIdentity()
    const topic = randomTopic()
    const otherTopic = randomTopic()

    const early = await RawRelayClient.open(wsFactory, withAuth(first.url, reader.token(first.url)), {
      autoAck: false,
    })
    await early.call(RelayMethod.subscribe, { topic: otherTopic })
    const sender = await RawRelayClient.open(wsFactory, withAuth(first.url, publisher.token(first.url)))
    await sender.call(RelayMethod.publish, { topic: otherTopic, message: 'YWNrZWQ=', ttl: 300, tag: 1108 })
    const [acked] = await early.waitForPushes(1)
    if (!acked) throw new Error('no push')
    early.ack(acked)

    const count = 25
    const latencies: number[] = []
    for (let index = 0; index < count; index++) {
      const started = performance.now()
      const answer = await sender.call(RelayMethod.publish, {
        topic,
        message: Buffer.from(`durable ${index}`).toString('base64'),
        ttl: 300,
        tag: 1108,
      })
      latencies.push(performance.now() - started)
      expect(answer).toMatchObject({ result: true })
    }
    // The ack above must be recorded before the kill; a fetch on the same connection orders after it.
    await early.call(RelayMethod.fetchMessages, { topic: randomTopic() })
    first.child.kill('SIGKILL')
    expect(await first.exited).toMatchObject({ signal: 'SIGKILL' })
    await Promise.all([sender.closed, early.closed])

    const second = await start(file, sync)
    const late = await RawRelayClient.open(wsFactory, withAuth(second.url, reader.token(second.url)))
    await late.call(RelayMethod.batchSubscribe, { topics: [topic, otherTopic] })
    const pushes = await late.waitForPushes(count, 5000)
    expect(pushes.map((push) => Buffer.from(push.params.data.message, 'base64').toString())).toEqual(
      Array.from({ length: count }, (_, index) => `durable ${index}`),
    )
    await late.expectPushCount(count, 200)
    report(sync, latencies)

    second.child.kill('SIGTERM')
    const lateClosed = await late.closed
    expect(lateClosed.code).toBe(1012)
    expect(await second.exited).toMatchObject({ code: 0 })
  })
})

function report(sync: string, latencies: number[]): void {
  const sorted = [...latencies].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]?.toFixed(2)
  console.info(
    `SQLite (${sync}) publish→ack over ws: median ${at(0.5)} ms, p90 ${at(0.9)} ms (n=${sorted.length})`,
  )
}
