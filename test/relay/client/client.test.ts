import { type AddressInfo, createServer, type Socket } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WebSocketServer } from 'ws'
import { silentLogger } from '../../../common/index.js'
import { bytesToBase64, encodeDidKey, randomBytes } from '../../../crypto/index.js'
import { generateSigningKeyPair, verifyRelayJwt } from '../../../crypto/noble.js'
import { MAX_SUBSCRIPTION_ID_LENGTH } from '../../../relay/client/client.js'
import { MAX_TOPICS_PER_BATCH, RelayClient, RelayClientError } from '../../../relay/client/index.js'
import { MAX_RECEIVED_FRAME_BYTES } from '../../../relay/client/socket.js'
import { MAX_MESSAGE_BYTES } from '../../../relay/protocol/index.js'
import { defaultResponder, FakeRelay } from './fakeRelay.js'
import { clientFactory, collect, delay, nextEvent, randomTopic, until } from './helpers.js'

let relay: FakeRelay
const clients = clientFactory()

beforeEach(async () => {
  relay = await FakeRelay.start()
})

afterEach(async () => {
  await clients.closeAll()
  await relay.close()
})

const code = (value: string) => expect.objectContaining({ code: value })

describe('connecting', () => {
  it('authenticates with a fresh relay JWT for its own did:key, plus projectId and ua in the query', async () => {
    const signingKeyPair = generateSigningKeyPair()
    const client = clients.create(relay.url, { signingKeyPair, projectId: 'demo' })
    expect(client.clientId).toBe(encodeDidKey(signingKeyPair.publicKey))
    await client.connect()
    const [connection] = relay.connections
    const token = connection?.url.searchParams.get('auth') ?? ''
    const claims = verifyRelayJwt(token, { audience: (aud) => aud === relay.url })
    expect(claims.iss).toBe(client.clientId)
    expect(claims.sub).toMatch(/^[0-9a-f]{64}$/)
    expect(claims.exp - claims.iat).toBe(86_400)
    expect(connection?.url.searchParams.get('projectId')).toBe('demo')
    expect(connection?.url.searchParams.get('ua')).toMatch(/^wc-2\//)
    expect(client.connected).toBe(true)
  })

  it('rejects options it cannot work with as INVALID_OPTIONS', async () => {
    const signingKeyPair = generateSigningKeyPair()
    const other = generateSigningKeyPair()
    expect(() => new RelayClient({ relayUrl: 'http://127.0.0.1:1', signingKeyPair })).toThrowError(
      code('INVALID_OPTIONS'),
    )
    expect(
      () => new RelayClient({ relayUrl: relay.url, signingKeyPair, timings: { reconnectStepMs: -1 } }),
    ).toThrowError(code('INVALID_OPTIONS'))
    // Web Crypto derives public keys asynchronously, so a mismatched pair is refused when connecting.
    const mismatched = clients.create(relay.url, {
      signingKeyPair: { secretKey: signingKeyPair.secretKey, publicKey: other.publicKey },
    })
    const refused = await mismatched.connect().catch((error: unknown) => error)
    expect(refused).toMatchObject({ code: 'AUTH_FAILED', cause: { code: 'INVALID_OPTIONS' } })
    await expect(
      mismatched.publish({ topic: randomTopic(), message: 'x', ttl: 300, tag: 1000 }),
    ).rejects.toThrowError(code('CLOSED'))
  })
})

describe('requests and responses', () => {
  it('sends JSON-RPC ids as strings of 19 digits and matches the echoed id exactly', async () => {
    const client = clients.create(relay.url)
    const topic = randomTopic()
    await expect(client.subscribe(topic)).resolves.toBe(`sub-${topic.slice(0, 8)}`)
    const [frame] = relay.framesFor('irn_subscribe')
    expect(typeof frame?.id).toBe('string')
    expect(String(frame?.id)).toMatch(/^\d{19}$/)
    expect(frame?.params).toEqual({ topic })
  })

  it('publishes with topic, message, ttl, tag and prompt, resolving on the relay ack', async () => {
    const client = clients.create(relay.url)
    const topic = randomTopic()
    await client.publish({ topic, message: 'AAAA', ttl: 300, tag: 1108, prompt: true })
    const [frame] = relay.framesFor('irn_publish')
    expect(frame?.params).toEqual({ topic, message: 'AAAA', ttl: 300, tag: 1108, prompt: true })
  })

  it('rejects with RPC_ERROR carrying the relay error, and with INVALID_RESULT on a wrong result', async () => {
    const client = clients.create(relay.url)
    relay.respond = (frame, { socket }) => {
      if (frame.method === 'irn_publish') {
        socket.send(
          JSON.stringify({ id: frame.id, jsonrpc: '2.0', error: { code: -32012, message: 'slow down' } }),
        )
        return undefined
      }
      return 'not-an-array'
    }
    const failure = client.publish({ topic: randomTopic(), message: 'AAAA', ttl: 300, tag: 1 })
    await expect(failure).rejects.toThrowError(code('RPC_ERROR'))
    await expect(failure).rejects.toMatchObject({ rpcError: { code: -32012, message: 'slow down' } })
    await expect(client.batchSubscribe([randomTopic()])).rejects.toThrowError(code('INVALID_RESULT'))
  })

  it('refuses invalid params before sending anything', async () => {
    const client = clients.create(relay.url)
    await client.connect()
    await expect(client.publish({ topic: 'not-a-topic', message: 'AAAA', ttl: 300 })).rejects.toThrowError(
      code('INVALID_PARAMS'),
    )
    await expect(client.subscribe('ABC')).rejects.toThrowError(code('INVALID_PARAMS'))
    expect(relay.received).toHaveLength(0)
  })

  it('fails a request the relay never answers with REQUEST_TIMEOUT', async () => {
    const client = clients.create(relay.url, { timings: { requestTimeoutMs: 100 } })
    relay.respond = () => undefined
    await expect(client.subscribe(randomTopic())).rejects.toThrowError(code('REQUEST_TIMEOUT'))
  })

  it('ignores answers to ids it never sent', async () => {
    const client = clients.create(relay.url)
    const errors = collect(client, 'error')
    relay.respond = (_frame, { socket }) => {
      socket.send(JSON.stringify({ id: '1', jsonrpc: '2.0', result: true }))
      return true
    }
    await client.publish({ topic: randomTopic(), message: 'AAAA', ttl: 300, tag: 1 })
    expect(errors).toEqual([])
  })
})

describe('receiving messages', () => {
  it('delivers a publish from another client as a message event and never echoes to the publisher', async () => {
    const alice = clients.create(relay.url)
    const bob = clients.create(relay.url)
    const topic = randomTopic()
    await alice.subscribe(topic)
    await bob.subscribe(topic)
    const bobMessages = collect(bob, 'message')
    const received = nextEvent(alice, 'message')
    await bob.publish({ topic, message: 'hello', ttl: 300, tag: 1108 })
    expect(await received).toMatchObject({ topic, message: 'hello', tag: 1108 })
    expect((await received).publishedAt).toBeGreaterThan(0)
    await delay(50)
    expect(bobMessages).toEqual([])
  })

  it('acks every irn_subscription with {id, result:true}, echoing a 19-digit numeric id digit for digit', async () => {
    const client = clients.create(relay.url)
    const topic = randomTopic()
    await client.subscribe(topic)
    const received = nextEvent(client, 'message')
    const id = relay.pushMessage({ topic, message: 'm1' })
    await received
    const ack = await relay.frame((frame) => frame.text.includes(`"id":${id}`))
    expect(JSON.parse(ack.text.replace(`"id":${id}`, '"id":"x"'))).toEqual({
      id: 'x',
      jsonrpc: '2.0',
      result: true,
    })
  })

  it('echoes a string subscription id exactly', async () => {
    const client = clients.create(relay.url)
    const topic = randomTopic()
    await client.subscribe(topic)
    relay.pushRaw(
      JSON.stringify({
        id: '0001732170000000123456',
        jsonrpc: '2.0',
        method: 'irn_subscription',
        params: { id: 'sub', data: { topic, message: 'm', publishedAt: 1, tag: 0 } },
      }),
    )
    const ack = await relay.frame((frame) => frame.result === true)
    expect(ack.id).toBe('0001732170000000123456')
  })

  it('de-duplicates a message pushed twice on the same topic, but not the same text on another topic', async () => {
    const client = clients.create(relay.url)
    const [first, second] = [randomTopic(), randomTopic()]
    await client.batchSubscribe([first, second])
    const messages = collect(client, 'message')
    relay.pushMessage({ topic: first, message: 'same' })
    relay.pushMessage({ topic: first, message: 'same' })
    relay.pushMessage({ topic: second, message: 'same' })
    await relay.nextFrame(() => relay.received.filter((frame) => frame.result === true).length === 3)
    await until(() => messages.length >= 2)
    await delay(20)
    expect(messages.map(({ topic }) => topic)).toEqual([first, second])
  })

  it('de-duplicates a message the relay pushes again with its base64 padding stripped', async () => {
    const client = clients.create(relay.url)
    const topic = randomTopic()
    await client.subscribe(topic)
    const messages = collect(client, 'message')
    // The envelope decoder takes base64 with or without padding, so both texts open to the same message.
    const envelope = bytesToBase64(randomBytes(40))
    expect(envelope).toMatch(/=$/)
    relay.pushMessage({ topic, message: envelope })
    const id = relay.pushMessage({ topic, message: envelope.replace(/=+$/, '') })
    await relay.frame((frame) => frame.text.includes(`"id":${id}`))
    await delay(20)
    expect(messages.map(({ message }) => message)).toEqual([envelope])
  })

  it('acks but drops messages for topics it does not follow', async () => {
    const client = clients.create(relay.url)
    await client.subscribe(randomTopic())
    const messages = collect(client, 'message')
    const id = relay.pushMessage({ topic: randomTopic(), message: 'stray' })
    await relay.frame((frame) => frame.text.includes(`"id":${id}`))
    expect(messages).toEqual([])
  })

  it('reports malformed frames through error, keeps working, and still acks a bad subscription', async () => {
    const client = clients.create(relay.url)
    const topic = randomTopic()
    await client.subscribe(topic)
    const errors = collect(client, 'error')
    relay.pushRaw('{not json')
    relay.pushRaw('[1,2]')
    relay.pushRaw(
      JSON.stringify({ id: 'bad', jsonrpc: '2.0', method: 'irn_subscription', params: { data: { topic } } }),
    )
    relay.pushRaw(JSON.stringify({ id: 'odd', jsonrpc: '2.0', method: 'irn_somethingElse', params: {} }))
    await relay.frame((frame) => frame.id === 'bad' && frame.result === true)
    const refusal = await relay.frame((frame) => frame.id === 'odd')
    expect(JSON.parse(refusal.text)).toMatchObject({ error: { code: -32601 } })
    expect(errors.map((error) => error.code)).toEqual([
      'MALFORMED_FRAME',
      'MALFORMED_FRAME',
      'MALFORMED_FRAME',
      'MALFORMED_FRAME',
    ])
    expect(errors.every((error) => error instanceof RelayClientError)).toBe(true)
    await client.publish({ topic, message: 'still fine', ttl: 300, tag: 1 })
  })

  it('delivers fetched messages through the same de-duplicated message events', async () => {
    const client = clients.create(relay.url)
    const topic = randomTopic()
    await client.subscribe(topic)
    const stored = { topic, message: 'stored', publishedAt: 5, tag: 1100 }
    relay.respond = (frame) =>
      frame.method === 'irn_fetchMessages' ? { messages: [stored, stored], hasMore: true } : true
    const messages = collect(client, 'message')
    await expect(client.fetchMessages(topic)).resolves.toEqual({ hasMore: true })
    expect(messages).toEqual([stored])
  })

  it('drops fetched messages for topics it does not follow, as it drops pushed ones', async () => {
    const client = clients.create(relay.url)
    const topic = randomTopic()
    await client.subscribe(topic)
    const stray = { topic: randomTopic(), message: 'stray', publishedAt: 5, tag: 1100 }
    relay.respond = (frame) =>
      frame.method === 'irn_fetchMessages' ? { messages: [stray], hasMore: false } : true
    const messages = collect(client, 'message')
    await expect(client.fetchMessages(topic)).resolves.toEqual({ hasMore: false })
    expect(messages).toEqual([])
  })
})

describe('what a relay can make the client hold', () => {
  it("drops a message over the relay's message cap, pushed or fetched, with a warning; one at the cap is delivered", async () => {
    const warnings: string[] = []
    const client = clients.create(relay.url, {
      logger: { debug() {}, info() {}, warn: (message) => warnings.push(message), error() {} },
    })
    const topic = randomTopic()
    await client.subscribe(topic)
    const messages = collect(client, 'message')
    const errors = collect(client, 'error')
    const over = 'A'.repeat(MAX_MESSAGE_BYTES + 1)
    const pushed = relay.pushMessage({ topic, message: over })
    await relay.frame((frame) => frame.text.includes(`"id":${pushed}`))
    relay.respond = (frame) =>
      frame.method === 'irn_fetchMessages'
        ? { messages: [{ topic, message: over, publishedAt: 5, tag: 1100 }], hasMore: false }
        : true
    await client.fetchMessages(topic)
    expect(messages).toEqual([])
    const dropped = `ignored a message of ${MAX_MESSAGE_BYTES + 1} bytes on ${topic}: the limit is ${MAX_MESSAGE_BYTES}`
    expect(warnings).toEqual([dropped, dropped])
    expect(errors.map(({ code }) => code)).toEqual(['MALFORMED_FRAME', 'MALFORMED_FRAME'])

    const atCap = 'A'.repeat(MAX_MESSAGE_BYTES)
    relay.pushMessage({ topic, message: atCap })
    expect((await nextEvent(client, 'message')).message).toBe(atCap)
  })

  it('reads no frame over twice the relay frame cap: it drops the socket unread and reconnects', async () => {
    expect(MAX_RECEIVED_FRAME_BYTES).toBe(2 * 1024 * 1024)
    const client = clients.create(relay.url)
    const topic = randomTopic()
    await client.subscribe(topic)
    const messages = collect(client, 'message')
    const failed = nextEvent(client, 'error')
    const reconnected = nextEvent(client, 'connect')
    relay.pushMessage({ topic, message: 'A'.repeat(MAX_RECEIVED_FRAME_BYTES) })
    expect(await failed).toMatchObject({
      code: 'SOCKET_ERROR',
      message: 'relay socket error: Max payload size exceeded',
    })
    expect(await reconnected).toEqual({ reconnect: true })
    expect(messages).toEqual([])
  })
})

describe('what a relay can make the client hold, per topic', () => {
  it('keeps no subscription id past MAX_SUBSCRIPTION_ID_LENGTH, and unsubscribes by topic alone', async () => {
    const client = clients.create(relay.url)
    const [single, batched, fine] = [randomTopic(), randomTopic(), randomTopic()]
    const long = 'i'.repeat(MAX_SUBSCRIPTION_ID_LENGTH + 1)
    relay.respond = (frame) => {
      if (frame.method === 'irn_subscribe') return frame.params?.topic === fine ? 'ok-id' : long
      if (frame.method === 'irn_batchSubscribe') return [long]
      return true
    }
    // Still handed back to the caller, who asked for it, but not kept for as long as the topic is followed.
    await expect(client.subscribe(single)).resolves.toBe(long)
    await expect(client.batchSubscribe([batched])).resolves.toEqual([long])
    await client.subscribe(fine)
    for (const topic of [single, batched, fine]) await client.unsubscribe(topic)
    expect(relay.framesFor('irn_unsubscribe').map((frame) => frame.params)).toEqual([
      { topic: single },
      { topic: batched },
      { topic: fine, id: 'ok-id' },
    ])
  })
})

describe('subscriptions', () => {
  it('splits batchSubscribe into calls of at most 500 topics and returns every id', async () => {
    const client = clients.create(relay.url)
    const topics = Array.from({ length: 1201 }, randomTopic)
    const ids = await client.batchSubscribe(topics)
    expect(ids).toHaveLength(1201)
    const sizes = relay
      .framesFor('irn_batchSubscribe')
      .map((frame) => (frame.params?.topics as unknown[]).length)
    expect(sizes).toEqual([MAX_TOPICS_PER_BATCH, MAX_TOPICS_PER_BATCH, 201])
    expect(client.topics).toHaveLength(1201)
    await client.unsubscribe(topics[1200] ?? '')
    expect(relay.framesFor('irn_unsubscribe')[0]?.params).toEqual({ topic: topics[1200], id: ids[1200] })
  })

  it('unsubscribes with the relay-given id and then ignores the topic', async () => {
    const client = clients.create(relay.url)
    const topic = randomTopic()
    const id = await client.subscribe(topic)
    await client.unsubscribe(topic)
    expect(relay.framesFor('irn_unsubscribe')[0]?.params).toEqual({ topic, id })
    expect(client.topics).toEqual([])
    const messages = collect(client, 'message')
    const pushId = relay.pushMessage({ topic, message: 'late' })
    await relay.frame((frame) => frame.text.includes(`"id":${pushId}`))
    expect(messages).toEqual([])
  })

  it('keeps following a new topic when one of two subscribes to it fails and the other succeeds, in either order', async () => {
    const client = clients.create(relay.url)
    await client.connect()
    const [refusedFirst, refusedSecond] = [randomTopic(), randomTopic()]
    // Which subscribe to each topic, counted as they arrive, the relay refuses.
    const refused = new Map([
      [refusedFirst, 1],
      [refusedSecond, 2],
    ])
    const arrivals = new Map<string, number>()
    relay.respond = (frame, connection) => {
      const topic = String(frame.params?.topic)
      const arrival = (arrivals.get(topic) ?? 0) + 1
      arrivals.set(topic, arrival)
      if (refused.get(topic) !== arrival) return defaultResponder(frame, connection)
      connection.socket.send(
        JSON.stringify({ id: frame.id, jsonrpc: '2.0', error: { code: -32000, message: 'busy' } }),
      )
      return undefined
    }
    for (const topic of [refusedFirst, refusedSecond]) {
      const outcomes = await Promise.allSettled([client.subscribe(topic), client.subscribe(topic)])
      expect(outcomes.map(({ status }) => status).sort()).toEqual(['fulfilled', 'rejected'])
    }
    expect(client.topics.sort()).toEqual([refusedFirst, refusedSecond].sort())
    const received = nextEvent(client, 'message')
    relay.pushMessage({ topic: refusedFirst, message: 'followed' })
    expect(await received).toMatchObject({ topic: refusedFirst, message: 'followed' })
  })

  it('forgets a new topic when every subscribe to it fails', async () => {
    const client = clients.create(relay.url)
    await client.connect()
    relay.respond = (frame, { socket }) => {
      socket.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', error: { code: -32000, message: 'busy' } }))
      return undefined
    }
    const topic = randomTopic()
    const outcomes = await Promise.allSettled([client.subscribe(topic), client.subscribe(topic)])
    expect(outcomes.map(({ status }) => status)).toEqual(['rejected', 'rejected'])
    expect(client.topics).toEqual([])
  })

  it('follows the topics the Sign 2.5 calls subscribe it to implicitly', async () => {
    const client = clients.create(relay.url)
    const [pairingTopic, sessionTopic] = [randomTopic(), randomTopic()]
    await client.proposeSession({ pairingTopic, sessionProposal: 'cHJvcG9zYWw=', ttl: 300, correlationId: 7 })
    await client.approveSession({
      sessionTopic,
      pairingTopic,
      sessionProposalResponse: 'cmVzcG9uc2U=',
      sessionSettlementRequest: 'c2V0dGxl',
      ttl: 300,
    })
    expect(relay.framesFor('wc_proposeSession')[0]?.params).toEqual({
      pairingTopic,
      sessionProposal: 'cHJvcG9zYWw=',
      ttl: 300,
      correlationId: 7,
    })
    expect(client.topics.sort()).toEqual([pairingTopic, sessionTopic].sort())
    const received = nextEvent(client, 'message')
    relay.pushMessage({ topic: sessionTopic, message: 'request' })
    expect(await received).toMatchObject({ topic: sessionTopic, message: 'request' })
  })

  it('follows nothing of a topic unsubscribed while its subscribe waited, and can subscribe to it again', async () => {
    const client = clients.create(relay.url)
    await client.connect()
    const topic = randomTopic()
    let answerSubscribe = (): void => {}
    relay.respond = (frame, connection) => {
      if (frame.method !== 'irn_subscribe') return defaultResponder(frame, connection)
      answerSubscribe = () =>
        connection.socket.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: 'late-id' }))
      return undefined
    }
    const subscribed = client.subscribe(topic)
    await relay.frame((frame) => frame.method === 'irn_subscribe')
    await client.unsubscribe(topic)
    answerSubscribe()
    await expect(subscribed).resolves.toBe('late-id')
    expect(client.topics).toEqual([])
    const messages = collect(client, 'message')
    const pushId = relay.pushMessage({ topic, message: 'after leaving' })
    await relay.frame((frame) => frame.text.includes(`"id":${pushId}`))
    expect(messages).toEqual([])

    relay.respond = defaultResponder
    await client.subscribe(topic)
    const received = nextEvent(client, 'message')
    relay.pushMessage({ topic, message: 'followed again' })
    expect(await received).toMatchObject({ topic, message: 'followed again' })
  })

  it('follows nothing of a topic unsubscribed between two subscribes when the first succeeds and the second fails', async () => {
    const client = clients.create(relay.url)
    await client.connect()
    const topic = randomTopic()
    const answers: (() => void)[] = []
    relay.respond = (frame, connection) => {
      if (frame.method !== 'irn_subscribe') return defaultResponder(frame, connection)
      const reply =
        answers.length === 0 ? { result: 'first-id' } : { error: { code: -32000, message: 'busy' } }
      answers.push(() => connection.socket.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', ...reply })))
      return undefined
    }
    const first = client.subscribe(topic)
    await client.unsubscribe(topic)
    const second = client.subscribe(topic)
    await until(() => answers.length === 2)
    for (const answer of answers) answer()
    await expect(first).resolves.toBe('first-id')
    await expect(second).rejects.toThrow(code('RPC_ERROR'))
    // The relay saw subscribe, unsubscribe, a refused subscribe: it does not have the topic.
    expect(client.topics).toEqual([])
  })

  it('does not hand back its own Sign 2.5 envelopes should a relay echo them', async () => {
    const client = clients.create(relay.url)
    const pairingTopic = randomTopic()
    await client.proposeSession({ pairingTopic, sessionProposal: 'cHJvcG9zYWw=' })
    const messages = collect(client, 'message')
    const id = relay.pushMessage({ topic: pairingTopic, message: 'cHJvcG9zYWw=' })
    await relay.frame((frame) => frame.text.includes(`"id":${id}`))
    expect(messages).toEqual([])
  })
})

describe('staying connected', () => {
  it('reconnects after the relay drops the socket and resubscribes every topic in one batch', async () => {
    const client = clients.create(relay.url)
    const topics = [randomTopic(), randomTopic(), randomTopic()]
    await client.subscribe(topics[0] ?? '')
    await client.batchSubscribe(topics.slice(1))
    const disconnected = nextEvent(client, 'disconnect')
    const reconnected = nextEvent(client, 'connect')
    relay.dropAll()
    expect(await disconnected).toMatchObject({ code: 1006 })
    expect(await reconnected).toEqual({ reconnect: true })
    const resubscribe = await relay.frame(
      (frame) => frame.method === 'irn_batchSubscribe' && (frame.params?.topics as unknown[]).length === 3,
    )
    expect(resubscribe.params?.topics).toEqual(topics)
    expect(relay.connections).toHaveLength(2)
  })

  it('unsubscribes with the id the relay gave when it resubscribed after a reconnect', async () => {
    const client = clients.create(relay.url)
    const topic = randomTopic()
    await client.subscribe(topic)
    relay.respond = (frame, connection) =>
      frame.method === 'irn_batchSubscribe' ? ['id-after-reconnect'] : defaultResponder(frame, connection)
    relay.dropAll()
    await relay.frame((frame) => frame.method === 'irn_batchSubscribe')
    // Answered after the resubscribe on the same socket, so the client has read its answer by then.
    await client.fetchMessages(topic)
    await client.unsubscribe(topic)
    expect(relay.framesFor('irn_unsubscribe')[0]?.params).toEqual({ topic, id: 'id-after-reconnect' })
  })

  it('queues publishes made while offline and sends them once the relay is back', async () => {
    const client = clients.create(relay.url)
    const topic = randomTopic()
    await client.subscribe(topic)
    relay.refusing = true
    const disconnected = nextEvent(client, 'disconnect')
    relay.dropAll()
    await disconnected
    const published = client.publish({ topic, message: 'offline', ttl: 300, tag: 1108 })
    await delay(150)
    expect(relay.framesFor('irn_publish')).toHaveLength(0)
    expect(client.connected).toBe(false)
    relay.refusing = false
    await published
    expect(relay.framesFor('irn_publish')[0]?.params).toMatchObject({ topic, message: 'offline' })
    const order = relay.received.filter((frame) => frame.method !== undefined).map((frame) => frame.method)
    expect(order).toEqual(['irn_subscribe', 'irn_batchSubscribe', 'irn_publish'])
  })

  it('resends a publish whose answer was lost when the socket dropped', async () => {
    const client = clients.create(relay.url)
    relay.respond = (frame) =>
      frame.method === 'irn_publish' && relay.connections.length === 1 ? undefined : true
    const published = client.publish({ topic: randomTopic(), message: 'retry', ttl: 300, tag: 1 })
    await relay.frame((frame) => frame.method === 'irn_publish')
    relay.dropAll()
    await published
    expect(relay.framesFor('irn_publish')).toHaveLength(2)
  })

  it('does not re-emit a message the relay pushes again after a reconnect', async () => {
    const client = clients.create(relay.url)
    const topic = randomTopic()
    await client.subscribe(topic)
    const messages = collect(client, 'message')
    relay.pushMessage({ topic, message: 'once' })
    await nextEvent(client, 'message')
    const reconnected = nextEvent(client, 'connect')
    relay.dropAll()
    await reconnected
    const id = relay.pushMessage({ topic, message: 'once' })
    await relay.frame((frame) => frame.text.includes(`"id":${id}`))
    expect(messages).toHaveLength(1)
  })

  it('drops a socket that stays silent past the heartbeat timeout and reconnects', async () => {
    const silent = await FakeRelay.start({ autoPong: false })
    try {
      const client = clients.create(silent.url, {
        timings: { heartbeatIntervalMs: 20, heartbeatTimeoutMs: 120 },
      })
      await client.connect()
      const disconnected = nextEvent(client, 'disconnect')
      expect(await disconnected).toEqual({ code: 1006, reason: 'heartbeat timeout' })
      await nextEvent(client, 'connect')
      expect(silent.connections.length).toBeGreaterThanOrEqual(2)
    } finally {
      await clients.closeAll()
      await silent.close()
    }
  })

  it('gives up on a relay that never answers the WebSocket handshake after the heartbeat timeout, and retries', async () => {
    // Accepts the TCP connection and reads the upgrade request, but never answers it.
    const sockets: Socket[] = []
    const stalled = createServer((socket) => sockets.push(socket))
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = stalled.address() as AddressInfo
      const client = clients.create(`ws://127.0.0.1:${port}`, {
        timings: { heartbeatIntervalMs: 20, heartbeatTimeoutMs: 120 },
      })
      client.connect().catch(() => {})
      await until(() => sockets.length >= 2)
      expect(client.connected).toBe(false)
    } finally {
      await clients.closeAll()
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => stalled.close(resolve))
    }
  })

  it('keeps a quiet socket that answers pings', async () => {
    const client = clients.create(relay.url, {
      timings: { heartbeatIntervalMs: 20, heartbeatTimeoutMs: 250 },
    })
    await client.connect()
    const disconnects = collect(client, 'disconnect')
    await delay(600)
    expect(disconnects).toEqual([])
    expect(relay.connections).toHaveLength(1)
  })

  /**
   * A relay that completes each WebSocket handshake, then closes the socket after `keepOpenMs(n)` for the
   * n-th (from 1), and the client's reconnect attempts as it logs them.
   */
  async function closingRelay(keepOpenMs: (connection: number) => number) {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
    let connections = 0
    server.on('connection', (socket) => {
      const timer = setTimeout(() => socket.close(1013, 'try again later'), keepOpenMs(++connections))
      socket.on('close', () => clearTimeout(timer))
    })
    await new Promise((resolve) => server.once('listening', resolve))
    const attempts: unknown[] = []
    const client = clients.create(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`, {
      logger: {
        ...silentLogger,
        debug: (message, fields) => message === 'reconnecting' && attempts.push(fields?.attempt),
      },
      timings: { reconnectStepMs: 5, reconnectMaxMs: 300 },
    })
    const close = async () => {
      await clients.closeAll()
      await new Promise((resolve) => server.close(resolve))
    }
    return { client, attempts, close }
  }

  it('backs off further each time the relay takes a socket and closes it at once, rather than counting the open as a success', async () => {
    const closing = await closingRelay(() => 0)
    try {
      closing.client.connect().catch(() => {})
      await until(() => closing.attempts.length >= 4)
      expect(closing.attempts.slice(0, 4)).toEqual([1, 2, 3, 4])
    } finally {
      await closing.close()
    }
  })

  it('starts the backoff over once a socket has stayed open as long as the longest reconnect delay', async () => {
    const closing = await closingRelay((connection) => (connection === 3 ? 400 : 0))
    try {
      closing.client.connect().catch(() => {})
      await until(() => closing.attempts.length >= 4)
      expect(closing.attempts.slice(0, 4)).toEqual([1, 2, 1, 2])
    } finally {
      await closing.close()
    }
  })

  it('keeps retrying while the relay refuses, then connects', async () => {
    relay.refusing = true
    const client = clients.create(relay.url)
    const errors = collect(client, 'error')
    const connected = client.connect()
    await until(() => errors.length >= 3)
    expect(errors.every((error) => error.code === 'SOCKET_ERROR')).toBe(true)
    relay.refusing = false
    await connected
    expect(client.connected).toBe(true)
  })
})

describe('closing', () => {
  it('fails pending requests with CLOSED, emits disconnect, and never reconnects', async () => {
    const client = clients.create(relay.url)
    await client.connect()
    relay.respond = () => undefined
    const pending = expect(client.subscribe(randomTopic())).rejects.toThrowError(code('CLOSED'))
    await relay.frame((frame) => frame.method === 'irn_subscribe')
    const disconnected = nextEvent(client, 'disconnect')
    await client.close()
    await pending
    expect(await disconnected).toMatchObject({ code: 1000 })
    await delay(100)
    expect(relay.connections).toHaveLength(1)
    await expect(client.publish({ topic: randomTopic(), message: 'x', ttl: 300 })).rejects.toThrowError(
      code('CLOSED'),
    )
    await expect(client.connect()).rejects.toThrowError(code('CLOSED'))
  })

  it('neither emits nor reports what arrives while it is closing', async () => {
    const client = clients.create(relay.url)
    const topic = randomTopic()
    await client.subscribe(topic)
    const messages = collect(client, 'message')
    const errors = collect(client, 'error')
    relay.pushMessage({ topic, message: 'too late' })
    relay.pushRaw('{not json')
    await client.close()
    expect(messages).toEqual([])
    expect(errors).toEqual([])
  })

  it('can close while still connecting', async () => {
    relay.refusing = true
    const client = clients.create(relay.url)
    const connecting = expect(client.connect()).rejects.toThrowError(code('CLOSED'))
    await client.close()
    await connecting
  })
})
