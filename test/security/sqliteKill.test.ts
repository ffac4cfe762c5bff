import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { childRelays } from '../services/relay/support/childRelay.js'
import { randomTopic, testIdentity } from '../services/relay/support/rawClient.js'
import { collect, connect, publish, startSqliteRelay } from './support/sqliteChild.js'

const KILLS = 20
// Publishes in flight at once, so that a kill lands while commits are being written.
const WRITERS = 8
// Each round publishes for a random time up to this, then kills the relay.
const MAX_ROUND_MS = 300

const relays = childRelays('pairwise-sqlite-kill-')
const start = (file: string) => startSqliteRelay(relays, file)

describe('SQLite relay killed with SIGKILL', () => {
  it(`reopens with no manual step after ${KILLS} kills mid-stream and delivers every acknowledged publish`, async () => {
    const file = join(relays.directory, 'killed.db')
    const acked = new Set<string>()
    const topics: string[] = []
    for (let round = 0; round < KILLS; round++) {
      // Opening must succeed on whatever the last kill left: no lock, a log to replay.
      const relay = await start(file)
      const publisher = await connect(relay, testIdentity())
      const topic = randomTopic()
      topics.push(topic)
      let sent = 0
      let killed = false
      const writer = async () => {
        while (!killed) {
          const text = `round ${round} message ${sent++}`
          if (await publish(publisher, topic, text).catch(() => false)) acked.add(text)
        }
      }
      for (let index = 0; index < WRITERS; index++) void writer()
      await new Promise((resolve) => setTimeout(resolve, Math.random() * MAX_ROUND_MS))
      relay.child.kill('SIGKILL')
      killed = true
      expect(await relay.exited).toMatchObject({ signal: 'SIGKILL' })
      await publisher.closed
    }

    const last = await start(file)
    const received = await collect(last, testIdentity(), topics, acked, 15_000)
    const missing = [...acked].filter((text) => !received.includes(text))
    expect(missing).toEqual([])
    expect(new Set(received).size).toBe(received.length)
    // Enough got through for the kills to have landed among writes.
    expect(acked.size).toBeGreaterThan(KILLS * 5)
    console.info(`SQLite kill test: ${KILLS} kills, ${acked.size} acked, ${received.length} delivered`)
  }, 90_000)

  it('refuses a second relay on the same file with a clear error while the first runs', async () => {
    const file = join(relays.directory, 'shared.db')
    const first = await start(file)
    await expect(start(file)).rejects.toThrow(/shared\.db is in use by another process/)
    const publisher = await connect(first, testIdentity())
    expect(await publish(publisher, randomTopic(), 'still the only writer')).toBe(true)
    await publisher.close()
  }, 30_000)
})
