import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { signRelayJwt } from '../../../crypto/noble.js'
import { RelayCloseCode, RelayErrorCode, RelayMethod } from '../../../relay/protocol/index.js'
import { silentLogger, startRelay } from '../../../services/relay/index.js'
import { RawRelayClient, randomTopic, testIdentity, withAuth } from './support/rawClient.js'
import { recordingLogger } from './support/semanticsSuite.js'
import { useRelays } from './support/useRelays.js'
import { wsFactory } from './support/wsHarness.js'

const { relayWith, upgradeStatus } = useRelays()
const clients: RawRelayClient[] = []

async function connect(url: string, token?: string): Promise<RawRelayClient> {
  const client = await RawRelayClient.open(wsFactory, token === undefined ? url : withAuth(url, token))
  clients.push(client)
  return client
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()))
})

describe('relay server transport', () => {
  it('listens on an OS-assigned port and reports it', async () => {
    const relay = await relayWith()
    expect(relay.port).toBeGreaterThan(0)
    expect(relay.url).toBe(`ws://127.0.0.1:${relay.port}`)
  })

  it('refuses bad tokens with HTTP 401 when rejectBadAuth is set, and says why in the log', async () => {
    const logger = recordingLogger()
    const relay = await relayWith({ rejectBadAuth: true, logger })
    const identity = testIdentity()
    const now = Math.floor(Date.now() / 1000)
    const expired = signRelayJwt({
      secretKey: identity.keyPair.secretKey,
      aud: relay.url,
      iat: now - 7200,
      ttl: 60,
    })
    expect(await upgradeStatus(relay.url)).toBe(401)
    expect(await upgradeStatus(withAuth(relay.url, identity.token('ws://other-relay.example:443')))).toBe(401)
    expect(await upgradeStatus(withAuth(relay.url, expired))).toBe(401)
    expect(await upgradeStatus(withAuth(relay.url, `${identity.token(relay.url)}x`))).toBe(401)
    expect(await upgradeStatus(withAuth(relay.url, identity.token(relay.url)))).toBe(101)
    expect(relay.stats().authRefused).toBe(4)
    const reasons = logger.warnings.join('\n')
    for (const code of ['no auth token', 'JWT_AUDIENCE', 'JWT_EXPIRED', 'INVALID_JWT'])
      expect(reasons).toContain(code)
  })

  it('lets bad tokens in anonymously when rejectBadAuth is off, never as the client they claim to be', async () => {
    const logger = recordingLogger()
    const relay = await relayWith({ logger })
    const identity = testIdentity()
    const topic = randomTopic()
    const publisher = await connect(relay.url, identity.token(relay.url))
    const impostor = await connect(relay.url, identity.token('ws://other-relay.example'))
    await impostor.call(RelayMethod.subscribe, { topic })
    await publisher.call(RelayMethod.publish, { topic, message: 'AAAA', ttl: 60 })
    // Same key, refused token: an id of its own, so it is a different client and gets the message.
    await impostor.waitForPushes(1)
    expect(relay.stats().authRefused).toBe(1)
    expect(logger.warnings.some((line) => line.includes('let in anonymously'))).toBe(true)
  })

  it('accepts audiences naming the relay by another loopback name or listed in allowedAudiences', async () => {
    const relay = await relayWith({ rejectBadAuth: true, allowedAudiences: ['wss://relay.example.org'] })
    const identity = testIdentity()
    for (const aud of [
      `ws://localhost:${relay.port}`,
      `${relay.url}/?projectId=x`,
      'wss://relay.example.org',
    ])
      expect(await upgradeStatus(withAuth(relay.url, identity.token(aud)))).toBe(101)
    expect(await upgradeStatus(withAuth(relay.url, identity.token(`ws://127.0.0.1:${relay.port + 1}`)))).toBe(
      401,
    )
  })

  it('serves GET /health with status and counters', async () => {
    const relay = await relayWith()
    const identity = testIdentity()
    const publisher = await connect(relay.url, identity.token(relay.url))
    const subscriber = await connect(relay.url, testIdentity().token(relay.url))
    const topic = randomTopic()
    await subscriber.call(RelayMethod.subscribe, { topic })
    await publisher.call(RelayMethod.publish, { topic, message: 'AAAA', ttl: 60 })
    await subscriber.waitForPushes(1)
    await expect.poll(() => relay.stats().messagesDelivered).toBe(1)
    const response = await fetch(`http://127.0.0.1:${relay.port}/health`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(await response.json()).toMatchObject({
      status: 'ok',
      store: 'memory',
      node: relay.nodeId,
      connections: 2,
      topics: 1,
      subscriptions: 1,
      mailbox: 1,
      messagesStored: 1,
      messagesDelivered: 1,
      messagesExpired: 0,
      unknownMethods: 0,
      authRefused: 0,
    })
    expect((await fetch(`http://127.0.0.1:${relay.port}/nope`)).status).toBe(404)
  })

  it('pings every interval and closes sockets that never answer with 4011', async () => {
    const relay = await relayWith({ pingIntervalMs: 100 })
    const token = testIdentity().token(relay.url)
    const answering = new WebSocket(withAuth(relay.url, token))
    let pings = 0
    answering.on('ping', () => pings++)
    const silent = new WebSocket(withAuth(relay.url, token), { autoPong: false })
    const silentClosed = new Promise<number>((resolve) => silent.on('close', (code) => resolve(code)))
    expect(await silentClosed).toBe(RelayCloseCode.pingTimeout)
    expect(pings).toBeGreaterThanOrEqual(2)
    expect(answering.readyState).toBe(WebSocket.OPEN)
    expect(relay.stats().pingTimeouts).toBe(1)
    answering.close()
  })

  it('answers a frame over the size limit with an error to its leading id, or to null, and keeps the connection', async () => {
    const relay = await relayWith({ limits: { maxFrameBytes: 1024 } })
    const client = await connect(relay.url, testIdentity().token(relay.url))
    const params = { pad: 'x'.repeat(1500) }
    client.sendText(JSON.stringify({ id: 'big', jsonrpc: '2.0', method: RelayMethod.publish, params }))
    expect(await client.response('big')).toMatchObject({ error: { code: RelayErrorCode.messageTooLarge } })
    // An id past the params is not looked for.
    client.sendText(JSON.stringify({ jsonrpc: '2.0', method: RelayMethod.publish, params, id: 'late' }))
    expect(await client.response(null)).toMatchObject({ error: { code: RelayErrorCode.messageTooLarge } })
    expect(await client.call(RelayMethod.subscribe, { topic: randomTopic() })).toHaveProperty('result')
  })

  it('closes sockets with 1012 on close() and stops listening', async () => {
    const relay = await startRelay({ port: 0, logger: silentLogger })
    const client = await connect(relay.url, testIdentity().token(relay.url))
    await client.call(RelayMethod.subscribe, { topic: randomTopic() })
    await relay.close()
    expect(await client.closed).toMatchObject({ code: 1012, reason: 'relay restarting' })
    await expect(fetch(`http://127.0.0.1:${relay.port}/health`)).rejects.toThrow()
  })

  it('refuses to combine a SQLite store with Redis', async () => {
    await expect(
      startRelay({ port: 0, logger: silentLogger, store: 'sqlite:x.db', redisUrl: 'redis://127.0.0.1:1' }),
    ).rejects.toThrow(/exclude each other/)
  })
})
