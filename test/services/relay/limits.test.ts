import { once } from 'node:events'
import { connect as netConnect } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { MESSAGE_OVERHEAD_BYTES } from '../../../relay/core/index.js'
import { RelayCloseCode, RelayErrorCode, RelayMethod } from '../../../relay/protocol/index.js'
import {
  type ConnectionTransport,
  consoleLogger,
  RelayCore,
  type RelayLimits,
  type RunningRelay,
} from '../../../services/relay/index.js'
import { upgradeRequest } from '../../security/support/rawExchange.js'
import { heldStore } from './support/heldStore.js'
import { RawRelayClient, randomTopic, type SocketLike, testIdentity, withAuth } from './support/rawClient.js'
import { recordingLogger } from './support/semanticsSuite.js'
import { useRelays } from './support/useRelays.js'

const { relayWith, sockets, upgradeStatus: upgradeWith } = useRelays()
const clients: RawRelayClient[] = []

/** A client from loopback address `from`; with `anonymous`, its token does not verify. */
async function connect(
  relay: RunningRelay,
  { from = '127.0.0.1', anonymous = false, autoAck = true, identity = testIdentity() } = {},
): Promise<RawRelayClient> {
  const url = anonymous ? relay.url : withAuth(relay.url, identity.token(relay.url))
  const factory = (target: string) => {
    const socket = new WebSocket(target, { localAddress: from })
    sockets.push(socket)
    return socket as unknown as SocketLike
  }
  const client = await RawRelayClient.open(factory, url, { autoAck })
  clients.push(client)
  return client
}

/** The HTTP status a WebSocket upgrade from `from` gets, or 101 when it is accepted (and kept open). */
function upgradeStatus(url: string, from: string): Promise<number> {
  return upgradeWith(url, { localAddress: from })
}

const envelope = (size: number, seed = Math.random()) =>
  `${seed.toString(36).slice(2)}${'A'.repeat(size)}`.slice(0, size)

const publish = (client: RawRelayClient, topic: string, message = envelope(64)) =>
  client.call(RelayMethod.publish, { topic, message, ttl: 300, tag: 1108 })

afterEach(() => {
  clients.length = 0
})

describe('relay connection caps', () => {
  it('refuses connections past the per-address cap with 429, anonymous ones counted, other addresses unaffected', async () => {
    const relay = await relayWith({ limits: { maxConnectionsPerIp: 2 } })
    await connect(relay)
    await connect(relay, { anonymous: true })
    expect(await upgradeStatus(withAuth(relay.url, testIdentity().token(relay.url)), '127.0.0.1')).toBe(429)
    expect(await upgradeStatus(relay.url, '127.0.0.1')).toBe(429)
    expect(await upgradeStatus(relay.url, '127.0.0.2')).toBe(101)
    expect(relay.stats().connectionsRefused).toBe(2)
    await clients[0]?.close()
    await expect.poll(() => upgradeStatus(relay.url, '127.0.0.1')).toBe(101)
  })

  it('closes a refused connection though its client keeps its side open, so it cannot be held', async () => {
    const relay = await relayWith({ limits: { maxConnectionsPerIp: 1 } })
    await connect(relay)
    const refused = netConnect({ port: relay.port, host: '127.0.0.1', allowHalfOpen: true })
    let answer = ''
    refused.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1')
    })
    // What the test waits for: a write answered with a reset.
    refused.on('error', () => {})
    refused.write(upgradeRequest(relay.port))
    await once(refused, 'end')
    expect(answer).toMatch(/^HTTP\/1\.1 429 /)
    // Half-open, the relay's end would take bytes for ever; closed, the kernel answers one with a reset.
    const resetByRelay = () => {
      if (!refused.destroyed) refused.write('x')
      return refused.destroyed
    }
    await expect.poll(resetByRelay, { timeout: 2000 }).toBe(true)
  })

  it('refuses connections past the total cap with 503', async () => {
    const relay = await relayWith({ limits: { maxConnections: 2 } })
    await connect(relay, { from: '127.0.0.3' })
    await connect(relay, { from: '127.0.0.4' })
    expect(await upgradeStatus(relay.url, '127.0.0.5')).toBe(503)
  })
})

describe('relay subscriptions per address', () => {
  it('caps the topics all connections of an address hold together, and frees them when one closes', async () => {
    const relay = await relayWith({ limits: { maxTopicsPerIp: 3 } })
    const [first, second] = [await connect(relay), await connect(relay, { anonymous: true })]
    await first.call(RelayMethod.batchSubscribe, { topics: [randomTopic(), randomTopic()] })
    const shared = randomTopic()
    expect(await second.call(RelayMethod.subscribe, { topic: shared })).toHaveProperty('result')
    expect(await second.call(RelayMethod.subscribe, { topic: shared })).toHaveProperty('result')
    expect(await second.call(RelayMethod.subscribe, { topic: randomTopic() })).toMatchObject({
      error: { code: RelayErrorCode.tooManyTopics, message: expect.stringContaining('from this address') },
    })
    const elsewhere = await connect(relay, { from: '127.0.0.2' })
    expect(await elsewhere.call(RelayMethod.subscribe, { topic: randomTopic() })).toHaveProperty('result')
    await first.close()
    await expect
      .poll(async () => 'result' in (await second.call(RelayMethod.subscribe, { topic: randomTopic() })))
      .toBe(true)
  })
})

describe('relay publish rates per address', () => {
  it('shares one budget among every socket of an address, anonymous ones included', async () => {
    const relay = await relayWith({ limits: { publishBurstPerIp: 3, publishPerSecondPerIp: 0.001 } })
    const [first, second] = [
      await connect(relay, { anonymous: true }),
      await connect(relay, { anonymous: true }),
    ]
    const topic = randomTopic()
    for (const client of [first, second, first])
      expect(await publish(client, topic)).toMatchObject({ result: true })
    expect(await publish(second, topic)).toMatchObject({
      error: { code: RelayErrorCode.rateLimited, message: expect.stringContaining('per address') },
    })
    const elsewhere = await connect(relay, { from: '127.0.0.2', anonymous: true })
    expect(await publish(elsewhere, topic)).toMatchObject({ result: true })
  })

  it('counts envelope bytes per address too', async () => {
    // A burst of 1000 bytes of envelopes in two messages.
    const relay = await relayWith({
      limits: { publishBytesBurstPerIp: 1000 + 2 * MESSAGE_OVERHEAD_BYTES, publishBytesPerSecondPerIp: 1 },
    })
    const client = await connect(relay)
    const topic = randomTopic()
    expect(await publish(client, topic, envelope(600))).toMatchObject({ result: true })
    expect(await publish(client, topic, envelope(600))).toMatchObject({
      error: { code: RelayErrorCode.rateLimited, message: expect.stringContaining('bytes per second') },
    })
    expect(await publish(client, topic, envelope(300))).toMatchObject({ result: true })
  })
})

describe('relay mailbox caps', () => {
  it('answers a publish on a full topic or a full store with mailboxFull and acks nothing', async () => {
    const relay = await relayWith({
      limits: { maxMessagesPerTopic: 2, maxMailboxBytes: 400 + 2 * MESSAGE_OVERHEAD_BYTES },
    })
    const publisher = await connect(relay)
    const topic = randomTopic()
    for (const _ of [1, 2]) expect(await publish(publisher, topic)).toMatchObject({ result: true })
    expect(await publish(publisher, topic)).toMatchObject({
      error: { code: RelayErrorCode.mailboxFull, data: { reason: 'topicFull' } },
    })
    expect(await publish(publisher, randomTopic(), envelope(300))).toMatchObject({
      error: { code: RelayErrorCode.mailboxFull, data: { reason: 'storeFull' } },
    })
    expect(relay.stats()).toMatchObject({ messagesStored: 2, mailboxRefusals: 2 })
  })

  it('keeps one address from filling the mailboxes for everyone: past its share it is refused, others are not', async () => {
    // Room for two 250-byte messages per address, four in all.
    const relay = await relayWith({
      limits: {
        maxMailboxBytesPerIp: 500 + 2 * MESSAGE_OVERHEAD_BYTES,
        maxMailboxBytes: 1000 + 4 * MESSAGE_OVERHEAD_BYTES,
      },
    })
    const flooder = await connect(relay, { from: '127.0.0.5' })
    const sibling = await connect(relay, { from: '127.0.0.5', anonymous: true })
    const user = await connect(relay, { from: '127.0.0.6' })
    for (const _ of [1, 2])
      expect(await publish(flooder, randomTopic(), envelope(250))).toMatchObject({ result: true })
    for (const client of [flooder, sibling])
      expect(await publish(client, randomTopic(), envelope(250))).toMatchObject({
        error: { code: RelayErrorCode.mailboxFull, data: { reason: 'addressFull' } },
      })
    for (const _ of [1, 2])
      expect(await publish(user, randomTopic(), envelope(250))).toMatchObject({ result: true })
    expect(relay.stats()).toMatchObject({ messagesStored: 4, mailboxRefusals: 2 })
  })

  it('still delivers what a batch stored before the mailbox filled', async () => {
    const relay = await relayWith({ limits: { maxMessagesPerTopic: 1 } })
    const publisher = await connect(relay)
    const subscriber = await connect(relay)
    const topic = randomTopic()
    await subscriber.call(RelayMethod.subscribe, { topic })
    const answer = await publisher.call(RelayMethod.batchPublish, {
      messages: [envelope(64), envelope(64)].map((message) => ({ topic, message, ttl: 300, tag: 1 })),
    })
    expect(answer).toMatchObject({ error: { code: RelayErrorCode.mailboxFull } })
    await subscriber.waitForPushes(1)
    await subscriber.expectPushCount(1)
  })
})

describe('relay attestations, weighed with the envelope they come with', () => {
  const attested = (client: RawRelayClient, topic: string, message: string, attestation: string) =>
    client.call(RelayMethod.publish, { topic, message, attestation, ttl: 300, tag: 1108 })

  it("counts an attestation in its address's mailbox share, so a tiny envelope cannot carry a large one past it", async () => {
    const relay = await relayWith({ limits: { maxMailboxBytesPerIp: 500 + MESSAGE_OVERHEAD_BYTES } })
    const publisher = await connect(relay)
    const attestation = 'e'.repeat(300)
    expect(await attested(publisher, randomTopic(), envelope(10), attestation)).toMatchObject({
      result: true,
    })
    expect(await attested(publisher, randomTopic(), envelope(10), attestation)).toMatchObject({
      error: { code: RelayErrorCode.mailboxFull, data: { reason: 'addressFull' } },
    })
  })

  it("counts an attestation in its address's published bytes", async () => {
    const relay = await relayWith({
      limits: { publishBytesBurstPerIp: 1000 + MESSAGE_OVERHEAD_BYTES, publishBytesPerSecondPerIp: 1 },
    })
    const publisher = await connect(relay)
    const topic = randomTopic()
    const attestation = 'e'.repeat(600)
    expect(await attested(publisher, topic, envelope(10), attestation)).toMatchObject({ result: true })
    expect(await attested(publisher, topic, envelope(10), attestation)).toMatchObject({
      error: { code: RelayErrorCode.rateLimited, message: expect.stringContaining('bytes per second') },
    })
  })

  it("counts the attestation of a wc_proposeSession in its address's published bytes", async () => {
    const relay = await relayWith({
      limits: { publishBytesBurstPerIp: 1000 + MESSAGE_OVERHEAD_BYTES, publishBytesPerSecondPerIp: 1 },
    })
    const dapp = await connect(relay)
    const propose = () =>
      dapp.call(RelayMethod.proposeSession, {
        pairingTopic: randomTopic(),
        sessionProposal: envelope(10),
        attestation: 'e'.repeat(600),
      })
    expect(await propose()).toMatchObject({ result: true })
    expect(await propose()).toMatchObject({
      error: { code: RelayErrorCode.rateLimited, message: expect.stringContaining('bytes per second') },
    })
  })

  it('bounds a fetch page by the bytes of its attestations too', async () => {
    const relay = await relayWith({ limits: { maxFrameBytes: 2048 } })
    const publisher = await connect(relay)
    const reader = await connect(relay)
    const topic = randomTopic()
    for (const _ of [1, 2, 3]) await attested(publisher, topic, envelope(10), 'e'.repeat(800))
    const first = await reader.call(RelayMethod.fetchMessages, { topic })
    expect(first).toMatchObject({ result: { hasMore: true } })
    expect('result' in first && (first.result as { messages: unknown[] }).messages).toHaveLength(2)
  })

  it('counts attestations in the bytes of unacknowledged pushes', async () => {
    const relay = await relayWith({ limits: { maxInFlightBytes: 1000 } })
    const publisher = await connect(relay)
    const topic = randomTopic()
    for (const _ of [1, 2, 3]) await attested(publisher, topic, envelope(10), 'e'.repeat(400))
    const subscriber = await connect(relay, { autoAck: false })
    await subscriber.call(RelayMethod.subscribe, { topic })
    await subscriber.waitForPushes(2)
    await subscriber.expectPushCount(2)
  })
})

describe('relay pushes in pages', () => {
  it('keeps at most maxInFlightPushes unacknowledged and sends the rest as acks arrive', async () => {
    const relay = await relayWith({ limits: { maxInFlightPushes: 5 } })
    const publisher = await connect(relay)
    const topic = randomTopic()
    for (let index = 0; index < 23; index++) await publish(publisher, topic)
    const subscriber = await connect(relay, { autoAck: false })
    await subscriber.call(RelayMethod.subscribe, { topic })
    await subscriber.waitForPushes(5)
    await subscriber.expectPushCount(5)
    let acked = 0
    while (acked < 23) {
      const pushes = await subscriber.waitForPushes(acked + 1)
      expect(subscriber.pushes.length - acked).toBeLessThanOrEqual(5)
      for (const push of pushes.slice(acked)) subscriber.ack(push)
      acked = pushes.length
    }
    const messages = new Set(subscriber.pushes.map((push) => push.params.data.message))
    expect(messages.size).toBe(23)
    await expect.poll(() => relay.stats().messagesDelivered).toBe(23)
  })

  it('bounds a fetch page by bytes as well as by count', async () => {
    const relay = await relayWith({ limits: { maxFrameBytes: 2048 } })
    const publisher = await connect(relay)
    const reader = await connect(relay)
    const topic = randomTopic()
    for (const _ of [1, 2, 3]) await publish(publisher, topic, envelope(800))
    const first = await reader.call(RelayMethod.fetchMessages, { topic })
    expect(first).toMatchObject({ result: { hasMore: true } })
    expect('result' in first && (first.result as { messages: unknown[] }).messages).toHaveLength(2)
    expect(await reader.call(RelayMethod.fetchMessages, { topic })).toMatchObject({
      result: { hasMore: false, messages: [{ topic }] },
    })
  })
})

describe('relay sockets that do not keep up', () => {
  it('closes a socket that stops reading once its unsent bytes pass the cap, with 4010', async () => {
    const relay = await relayWith({
      limits: {
        maxOutputBufferBytes: 256 * 1024,
        maxInFlightPushes: 1000,
        maxInFlightBytes: 64 * 1024 * 1024,
        publishBurst: 1000,
      },
    })
    const publisher = await connect(relay)
    const subscriber = await connect(relay, { from: '127.0.0.2' })
    const topic = randomTopic()
    await subscriber.call(RelayMethod.subscribe, { topic })
    const socket = sockets.at(-1) as WebSocket
    socket.pause()
    // Loopback's kernel buffers take several megabytes before anything waits in the relay's memory.
    for (let index = 0; index < 100 && relay.stats().outputBufferCloses === 0; index++)
      await publish(publisher, topic, envelope(200 * 1024))
    expect(relay.stats().outputBufferCloses).toBe(1)
    socket.resume()
    expect(await subscriber.closed).toMatchObject({ code: RelayCloseCode.outputBufferFull })
  })

  it('leaves a fetched page for the next fetch when its answer is what passes the output cap', async () => {
    const relay = await relayWith({ limits: { maxOutputBufferBytes: 2000, maxInFlightPushes: 1 } })
    const publisher = await connect(relay)
    const topic = randomTopic()
    const sent = [envelope(800, 0.1), envelope(800, 0.2), envelope(800, 0.3)]
    for (const message of sent)
      expect(await publish(publisher, topic, message)).toMatchObject({ result: true })
    const reader = testIdentity()
    const stalled = await connect(relay, { from: '127.0.0.2', identity: reader })
    // Not reading: the page (some 2.7 kB) waits in the relay's memory, past the cap, and never reaches it.
    ;(sockets.at(-1) as WebSocket).pause()
    stalled.call(RelayMethod.fetchMessages, { topic }).catch(() => {})
    await expect.poll(() => relay.stats().outputBufferCloses, { timeout: 10_000 }).toBe(1)
    ;(sockets.at(-1) as WebSocket).terminate()
    const again = await connect(relay, { from: '127.0.0.2', identity: reader })
    await again.call(RelayMethod.subscribe, { topic })
    const pushes = await again.waitForPushes(3)
    expect(pushes.map((push) => push.params.data.message)).toEqual(sent)
  })

  it("holds a socket that floods pings as one that floods frames: pings count in the address's receive budget", async () => {
    // 40 pings of 125 bytes are 5,240 bytes on the wire: some 850 ms of debt past a 1,000-byte burst at 5,000/s.
    const relay = await relayWith({
      limits: { receiveBytesBurstPerIp: 1000, receiveBytesPerSecondPerIp: 5000 },
    })
    const pinger = new WebSocket(withAuth(relay.url, testIdentity().token(relay.url)))
    sockets.push(pinger)
    await new Promise((resolve) => pinger.once('open', resolve))
    let pongs = 0
    pinger.on('pong', () => pongs++)
    const started = performance.now()
    for (let index = 0; index < 40; index++) pinger.ping(Buffer.alloc(125))
    await expect.poll(() => pongs, { timeout: 5000 }).toBe(40)
    pinger.ping()
    await expect.poll(() => pongs, { timeout: 5000 }).toBe(41)
    // Unthrottled, the last pong comes back within milliseconds; held, only once the debt is paid off.
    expect(performance.now() - started).toBeGreaterThan(500)
  })

  it("holds a socket that floods empty fragments as one that floods frames: every frame's header counts", async () => {
    // 1,000 empty continuation frames are 6,000 bytes on the wire: some 1 s of debt past a 1,000-byte burst at 5,000/s.
    const relay = await relayWith({
      limits: { receiveBytesBurstPerIp: 1000, receiveBytesPerSecondPerIp: 5000 },
    })
    const client = await connect(relay)
    const socket = sockets.at(-1) as WebSocket
    const started = performance.now()
    socket.send('{"id":1,"jsonrpc":"2.0",', { fin: false })
    for (let index = 0; index < 1000; index++) socket.send('', { fin: false })
    await new Promise((resolve) => setTimeout(resolve, 100))
    socket.send(`"method":"${RelayMethod.subscribe}","params":{"topic":"${randomTopic()}"}}`)
    expect(await client.response(1)).toHaveProperty('result')
    // Unthrottled, the answer comes back within milliseconds; held, only once the debt is paid off.
    expect(performance.now() - started).toBeGreaterThan(500)
  })

  it('closes a socket that sends frames but answers no ping with 4011: only a pong proves life', async () => {
    const relay = await relayWith({ pingIntervalMs: 100 })
    const chatterer = new WebSocket(withAuth(relay.url, testIdentity().token(relay.url)), { autoPong: false })
    sockets.push(chatterer)
    const closed = new Promise<number>((resolve) => chatterer.on('close', (code) => resolve(code)))
    await new Promise((resolve) => chatterer.once('open', resolve))
    const chatter = setInterval(() => chatterer.readyState === WebSocket.OPEN && chatterer.send('{}'), 20)
    try {
      expect(await closed).toBe(RelayCloseCode.pingTimeout)
    } finally {
      clearInterval(chatter)
    }
    expect(relay.stats().pingTimeouts).toBe(1)
  })

  it('closes with 1008 a socket that begins a message and then only answers pings, once messageTimeoutMs has passed', async () => {
    const relay = await relayWith({ pingIntervalMs: 100, messageTimeoutMs: 300 })
    const lingerer = new WebSocket(withAuth(relay.url, testIdentity().token(relay.url)))
    sockets.push(lingerer)
    const closed = new Promise<number>((resolve) => lingerer.on('close', (code) => resolve(code)))
    let pings = 0
    lingerer.on('ping', () => pings++)
    await new Promise((resolve) => lingerer.once('open', resolve))
    const started = performance.now()
    lingerer.send('{"id":1,"jsonrpc":"2.0",', { fin: false })
    expect(await closed).toBe(1008)
    expect(performance.now() - started).toBeGreaterThanOrEqual(300)
    expect(pings).toBeGreaterThanOrEqual(2)
    expect(relay.stats().pingTimeouts).toBe(0)
  })
})

describe('relay frame queue', () => {
  const publishFrame = (index: number, topic: string) =>
    JSON.stringify({
      id: index,
      jsonrpc: '2.0',
      method: RelayMethod.publish,
      params: { topic, message: envelope(64), ttl: 60 },
    })

  /** A core whose store holds every put until released, and a transport recording what it was told. */
  function slowCore(limits: Partial<RelayLimits>, canPause: boolean) {
    let release: () => void = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    const core = new RelayCore({ store: heldStore(released), limits })
    const events: string[] = []
    const answers: string[] = []
    const transport: ConnectionTransport = {
      send: (text) => void answers.push(text),
      close: (code) => events.push(`close ${code}`),
      ...(canPause ? { pause: () => events.push('pause'), resume: () => events.push('resume') } : {}),
    }
    return { core, session: core.open('did:key:z6Mk-test', transport), events, answers, release }
  }

  it('stops reading a socket past maxPendingFrames and reads it again once the queue halves', async () => {
    const { core, session, events, answers, release } = slowCore({ maxPendingFrames: 4 }, true)
    const topic = randomTopic()
    for (let index = 0; index < 10; index++) session.receive(publishFrame(index, topic))
    expect(events).toEqual(['pause'])
    release()
    await expect.poll(() => answers.length).toBe(10)
    expect(events).toEqual(['pause', 'resume'])
    await core.close()
  })

  it("stops reading an address's sockets while it has sent more bytes than its budget", async () => {
    const { core, session, events, answers, release } = slowCore(
      { receiveBytesBurstPerIp: 1000, receiveBytesPerSecondPerIp: 10_000 },
      true,
    )
    release()
    const topic = randomTopic()
    session.receive(publishFrame(1, topic))
    expect(events).toEqual([])
    for (let index = 2; index <= 10; index++) session.receive(publishFrame(index, topic))
    expect(events).toEqual(['pause'])
    // Every frame received is still handled; the socket is read again once the debt is paid off.
    await expect.poll(() => answers.length).toBe(10)
    await expect.poll(() => events).toEqual(['pause', 'resume'])
    await core.close()
  })

  it('charges what carries no frame for the relay (pings, pongs) to the same budget', async () => {
    const { core, session, events } = slowCore(
      { receiveBytesBurstPerIp: 1000, receiveBytesPerSecondPerIp: 10_000 },
      true,
    )
    session.charge(600)
    expect(events).toEqual([])
    session.charge(600)
    expect(events).toEqual(['pause'])
    await expect.poll(() => events).toEqual(['pause', 'resume'])
    await core.close()
  })

  it('closes with 4012 where the socket cannot be paused', async () => {
    const { core, session, events, release } = slowCore({ maxPendingFrameBytes: 1000 }, false)
    const topic = randomTopic()
    for (let index = 0; index < 10; index++) session.receive(publishFrame(index, topic))
    expect(events).toEqual([`close ${RelayCloseCode.frameQueueFull}`])
    release()
    await core.close()
  })
})

describe('relay echoes and logs of client strings', () => {
  it('logs no user agent of a client it accepts, its address kept out of the log as well', async () => {
    const lines: string[] = []
    const relay = await relayWith({ logger: consoleLogger('info', (line) => lines.push(line)) })
    await connect(relay, { from: '127.0.0.9' })
    expect(lines.join('\n')).not.toMatch(/pairwise-test|127\.0\.0\.9/)
  })

  it('cuts a 3 MB method name in the log and in the error, and does not echo a huge id', async () => {
    const logger = recordingLogger()
    // The default frame limit (1 MiB) would close the socket with 1009 first; a relay may allow 3 MB frames.
    const relay = await relayWith({ logger, limits: { maxFrameBytes: 4 * 1024 * 1024 } })
    const client = await connect(relay)
    const method = `irn_${'x'.repeat(3 * 1024 * 1024)}`
    const answer = await client.call(method, {})
    expect(answer).toMatchObject({ error: { code: RelayErrorCode.methodNotFound } })
    expect(JSON.stringify(answer).length).toBeLessThan(1000)
    expect(logger.warnings.join('\n').length).toBeLessThan(1000)
    client.sendText(JSON.stringify({ id: 'i'.repeat(10_000), jsonrpc: '2.0', method: RelayMethod.subscribe }))
    expect(await client.response(null)).toMatchObject({ error: { code: RelayErrorCode.invalidRequest } })
    expect(client.frames.at(-1)?.length).toBeLessThan(1000)
  })
})
