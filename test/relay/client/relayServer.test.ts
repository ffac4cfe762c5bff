// The client against the project's real relay server over real sockets, with JWTs enforced: the
// pieces others will run together in production.
import { afterEach, describe, expect, it } from 'vitest'
import { encodeEnvelope, randomBytes } from '../../../crypto/index.js'
import { type RunningRelay, silentLogger, startRelay } from '../../../services/relay/index.js'
import { clientFactory, collect, nextEvent, randomTopic } from './helpers.js'

const clients = clientFactory()
const relays: RunningRelay[] = []

async function start(port = 0): Promise<RunningRelay> {
  const relay = await startRelay({ port, rejectBadAuth: true, logger: silentLogger })
  relays.push(relay)
  return relay
}

afterEach(async () => {
  await clients.closeAll()
  await Promise.all(relays.splice(0).map((relay) => relay.close()))
})

describe('against the project relay server (ws, JWT enforced)', () => {
  it('is let in by the JWT check and carries messages between two clients without echo', async () => {
    const relay = await start()
    const alice = clients.create(relay.url)
    const bob = clients.create(relay.url)
    const topic = randomTopic()
    await alice.subscribe(topic)
    await bob.subscribe(topic)
    const bobMessages = collect(bob, 'message')
    const received = nextEvent(alice, 'message')
    const message = encodeEnvelope({ type: 0, message: 'over real sockets', symKey: randomBytes(32) })
    await bob.publish({ topic, message, ttl: 300, tag: 1108 })
    expect(await received).toMatchObject({ topic, message, tag: 1108 })
    expect(bobMessages).toEqual([])
    expect(relay.stats().authRefused).toBe(0)
  })

  it('survives a relay restart: both reconnect, resubscribe, and a publish queued meanwhile arrives', async () => {
    const first = await start()
    const alice = clients.create(first.url)
    const bob = clients.create(first.url)
    const topic = randomTopic()
    await alice.subscribe(topic)
    await bob.connect()
    const aliceDown = nextEvent(alice, 'disconnect')
    const bobDown = nextEvent(bob, 'disconnect')
    await first.close()
    expect(await aliceDown).toMatchObject({ code: 1012 })
    await bobDown
    const message = encodeEnvelope({
      type: 0,
      message: 'sent while the relay was down',
      symKey: randomBytes(32),
    })
    const published = bob.publish({ topic, message, ttl: 300, tag: 1108 })
    const received = nextEvent(alice, 'message')
    const second = await start(first.port)
    await published
    expect(await received).toMatchObject({ topic, message })
    expect(second.stats().authRefused).toBe(0)
  })
})
