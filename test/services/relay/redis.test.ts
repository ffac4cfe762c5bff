import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { messageId, RelayCore, type StoredMessage } from '../../../relay/core/index.js'
import { RelayMethod, SessionCallPolicies } from '../../../relay/protocol/index.js'
import { type RunningRelay, silentLogger, startRelay } from '../../../services/relay/index.js'
import { MAX_OWED_TOPICS, RedisFanout } from '../../../services/relay/redis/redisFanout.js'
import { RedisMailboxStore } from '../../../services/relay/redis/redisStore.js'
import { expectAnswerBeforePush, heldWatches } from '../../relay/core/support/heldFanout.js'
import { ANY_BYTES, mailboxContracts } from './support/mailboxCaps.js'
import {
  RawRelayClient,
  randomTopic,
  type TestIdentity,
  testIdentity,
  withAuth,
} from './support/rawClient.js'
import { type RedisServer, startRedisServer } from './support/redisServer.js'
import { describeRelaySemantics } from './support/semanticsSuite.js'
import { wsFactory, wsHarness } from './support/wsHarness.js'

let redis: RedisServer | undefined
let deployments = 0

beforeAll(async () => {
  redis = await startRedisServer()
})
afterAll(async () => {
  await redis?.stop()
})

function redisUrl(): string {
  if (!redis) throw new Error('redis-server is not running')
  return redis.url
}

/** A message as a node's core stores it, for five minutes. */
function storedMessage(topic: string, message: string, publisherId: string): StoredMessage {
  const now = Date.now()
  return {
    id: messageId(topic, message),
    topic,
    message,
    tag: 1108,
    prompt: false,
    publishedAt: now,
    expiresAt: now + 300_000,
    publisherId,
  }
}

// Each test gets its own key prefix: a deployment of its own on the shared redis-server.
describeRelaySemantics(
  'ws server, Redis store',
  wsHarness(() => ({ redisUrl: redisUrl(), redisPrefix: `test${++deployments}:` })),
)

describe('Redis mailbox', () => {
  it.each(mailboxContracts)('%s', async (_contract, expectKept) => {
    const store = await RedisMailboxStore.open(redisUrl(), silentLogger, `contract${++deployments}:`)
    await expectKept(store)
    await store.close()
  })

  it('reads a page of a long topic in batches, past delivered and own messages, not the whole topic', async () => {
    const store = await RedisMailboxStore.open(redisUrl(), silentLogger, `page${++deployments}:`)
    const admin = new Redis(redisUrl())
    const gets = async () =>
      Number(/cmdstat_get:calls=(\d+)/.exec(await admin.info('commandstats'))?.[1] ?? 0)
    const topic = randomTopic()
    const messages = Array.from({ length: 200 }, (_, index) =>
      storedMessage(topic, `AA${index}=`, index === 100 ? 'did:key:reader' : 'did:key:publisher'),
    )
    try {
      for (const message of messages)
        await store.put(message, { maxMessagesPerTopic: 1000, maxTotalBytes: 1_000_000 })
      for (const { id } of messages.slice(0, 100)) await store.markDelivered(id, 'did:key:reader')
      const before = await gets()
      const page = await store.undelivered(topic, 'did:key:reader', Date.now(), 3, ANY_BYTES)
      expect(page.map(({ message }) => message)).toEqual(['AA101=', 'AA102=', 'AA103='])
      // The first batch of 64 ids, read whole, then three reads of 16 from the second reach message 103;
      // the 88 messages after them are not read.
      expect((await gets()) - before).toBe(112)
    } finally {
      admin.disconnect()
      await store.close()
    }
  })
})

describe('a relay core on Redis', () => {
  it('answers a subscribe before pushing a message stored while its Redis SUBSCRIBE was under way', async () => {
    const prefix = `order${++deployments}:`
    const { fanout, release } = heldWatches(await RedisFanout.open(redisUrl(), 'node', silentLogger, prefix))
    const core = new RelayCore({
      store: await RedisMailboxStore.open(redisUrl(), silentLogger, prefix),
      fanout,
    })
    await expectAnswerBeforePush(core, release, randomTopic())
    await core.close()
  })
})

describe('two relay nodes sharing Redis', () => {
  const relays: RunningRelay[] = []
  const clients: RawRelayClient[] = []
  let nodeA: RunningRelay
  let nodeB: RunningRelay

  const connect = async (node: RunningRelay, identity: TestIdentity = testIdentity(), autoAck = true) => {
    const client = await RawRelayClient.open(wsFactory, withAuth(node.url, identity.token(node.url)), {
      autoAck,
    })
    clients.push(client)
    return client
  }

  /** Starts the two nodes; resolves with the key prefix they share. */
  const startNodes = async () => {
    const redisPrefix = `pair${++deployments}:`
    for (let index = 0; index < 2; index++)
      relays.push(
        await startRelay({
          port: 0,
          logger: silentLogger,
          redisUrl: redisUrl(),
          redisPrefix,
          sweepIntervalMs: 50,
        }),
      )
    ;[nodeA, nodeB] = relays as [RunningRelay, RunningRelay]
    return redisPrefix
  }

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()))
    await Promise.all(relays.splice(0).map((relay) => relay.close()))
  })

  it('carries a publish on node B to a subscriber on node A, and never back to the publisher on either', async () => {
    await startNodes()
    const publisher = testIdentity()
    const subscriber = await connect(nodeA)
    const publisherOnA = await connect(nodeA, publisher)
    const publisherOnB = await connect(nodeB, publisher)
    const topic = randomTopic()
    await subscriber.call(RelayMethod.subscribe, { topic })
    await publisherOnA.call(RelayMethod.subscribe, { topic })
    const started = performance.now()
    await publisherOnB.call(RelayMethod.publish, { topic, message: 'ZnJvbSBC', ttl: 300, tag: 1108 })
    const [push] = await subscriber.waitForPushes(1)
    console.info(`cross-node publish → push: ${(performance.now() - started).toFixed(2)} ms`)
    expect(push?.params.data).toMatchObject({ topic, message: 'ZnJvbSBC', tag: 1108 })
    await publisherOnA.expectPushCount(0)
    await publisherOnB.expectPushCount(0, 0)
    expect(nodeA.stats()).toMatchObject({ messagesStored: 0, topics: 1 })
    expect(nodeB.stats()).toMatchObject({ messagesStored: 1, topics: 0 })
  })

  it('shares mailboxes and acknowledgements between nodes', async () => {
    await startNodes()
    const reader = testIdentity()
    const topic = randomTopic()
    const publisher = await connect(nodeA)
    await publisher.call(RelayMethod.publish, { topic, message: 'Zmlyc3Q=', ttl: 300 })
    const onB = await connect(nodeB, reader)
    await onB.call(RelayMethod.subscribe, { topic })
    await onB.waitForPushes(1)
    await expect.poll(() => nodeB.stats().messagesDelivered).toBe(1)
    await onB.close()
    await publisher.call(RelayMethod.publish, { topic, message: 'c2Vjb25k', ttl: 300 })
    const onA = await connect(nodeA, reader)
    await onA.call(RelayMethod.subscribe, { topic })
    const [only] = await onA.waitForPushes(1)
    expect(only?.params.data.message).toBe('c2Vjb25k')
    await onA.expectPushCount(1)
  })

  it('hands on, on both nodes, a message published again whose first publish stored it and told nobody', async () => {
    const redisPrefix = await startNodes()
    const topic = randomTopic()
    const message = 'c3RvcmVk'
    const subscribers = [await connect(nodeA), await connect(nodeB)]
    for (const subscriber of subscribers) await subscriber.call(RelayMethod.subscribe, { topic })
    const publisher = testIdentity()
    // What the first publish did before it failed: it stored the message, and announced it to nobody.
    const store = await RedisMailboxStore.open(redisUrl(), silentLogger, redisPrefix)
    const stored = storedMessage(topic, message, publisher.clientId)
    await store.put(stored, { maxMessagesPerTopic: 10, maxTotalBytes: 1_000_000 })
    await store.close()

    const retrying = await connect(nodeB, publisher)
    const retry = () => retrying.call(RelayMethod.publish, { topic, message, ttl: 300, tag: 1108 })
    expect(await retry()).toMatchObject({ result: true })
    for (const subscriber of subscribers) await subscriber.waitForPushes(1)
    await expect.poll(() => nodeA.stats().messagesDelivered + nodeB.stats().messagesDelivered).toBe(2)
    // Acknowledged by both, it is not pushed again however often it is retried.
    expect(await retry()).toMatchObject({ result: true })
    for (const subscriber of subscribers) await subscriber.expectPushCount(1)
  })

  it('runs the Sign 2.5 handshake with the dapp on node A and the wallet on node B', async () => {
    await startNodes()
    const dapp = await connect(nodeA)
    const wallet = await connect(nodeB)
    const pairingTopic = randomTopic()
    const sessionTopic = randomTopic()
    await dapp.call(RelayMethod.proposeSession, { pairingTopic, sessionProposal: 'cHJvcG9zYWw=' })
    await wallet.call(RelayMethod.subscribe, { topic: pairingTopic })
    const [proposal] = await wallet.waitForPushes(1)
    expect(proposal?.params.data.tag).toBe(SessionCallPolicies.sessionProposal.tag)
    await wallet.call(RelayMethod.approveSession, {
      pairingTopic,
      sessionTopic,
      sessionProposalResponse: 'cmVzcG9uc2U=',
      sessionSettlementRequest: 'c2V0dGxl',
    })
    const [response] = await dapp.waitForPushes(1)
    expect(response?.params.data).toMatchObject({
      topic: pairingTopic,
      tag: SessionCallPolicies.sessionProposalResponse.tag,
    })
    await dapp.call(RelayMethod.subscribe, { topic: sessionTopic })
    const [, settle] = await dapp.waitForPushes(2)
    expect(settle?.params.data).toMatchObject({
      topic: sessionTopic,
      tag: SessionCallPolicies.sessionSettlementRequest.tag,
    })
    await dapp.call(RelayMethod.publish, { topic: sessionTopic, message: 'YWNr', ttl: 300, tag: 1103 })
    const [, settled] = await wallet.waitForPushes(2)
    expect(settled?.params.data.message).toBe('YWNr')
  })

  it('re-reads the mailbox of a subscriber whose node lost its Redis subscription while a message was announced', async () => {
    await startNodes()
    const topic = randomTopic()
    const subscriber = await connect(nodeB)
    await subscriber.call(RelayMethod.subscribe, { topic })
    const publisher = await connect(nodeA)
    const admin = new Redis(redisUrl())
    try {
      // Cuts every node's pub/sub link; ioredis waits before reconnecting, so the publish below is
      // announced while node B hears nothing and only its mailbox holds the message for the subscriber.
      expect(await admin.client('KILL', 'TYPE', 'pubsub')).toBeGreaterThan(0)
      await publisher.call(RelayMethod.publish, { topic, message: 'bG9zdA==', ttl: 300 })
      const [push] = await subscriber.waitForPushes(1, 5000)
      expect(push?.params.data.message).toBe('bG9zdA==')
      await subscriber.expectPushCount(1)
    } finally {
      admin.disconnect()
    }
  })

  it('pushes to a subscriber on node B a message whose announcement from node A failed, once, after its ack', async () => {
    await startNodes()
    const topic = randomTopic()
    const subscriber = await connect(nodeB)
    await subscriber.call(RelayMethod.subscribe, { topic })
    const publisher = await connect(nodeA)
    const announce = vi
      .spyOn(Redis.prototype, 'publish')
      .mockRejectedValueOnce(new Error('Connection is closed.'))
    try {
      expect(
        await publisher.call(RelayMethod.publish, { topic, message: 'dW5hbm5vdW5jZWQ=', ttl: 300 }),
      ).toMatchObject({ result: true })
      const [push] = await subscriber.waitForPushes(1)
      expect(push?.params.data.message).toBe('dW5hbm5vdW5jZWQ=')
      await subscriber.expectPushCount(1)
    } finally {
      announce.mockRestore()
    }
  })

  it('owes at most MAX_OWED_TOPICS topics a re-read while PUBLISH fails, and still pushes every message after', async () => {
    const redisPrefix = await startNodes()
    // The first topic is owed before the cap is reached, the last after it.
    const [first, last] = [randomTopic(), randomTopic()]
    const topics = [first, ...Array.from({ length: MAX_OWED_TOPICS + 8 }, () => randomTopic()), last]
    const messages = new Map([
      [first, 'Zmlyc3Q='],
      [last, 'bGFzdA=='],
    ])
    const subscriber = await connect(nodeB)
    for (const topic of messages.keys()) await subscriber.call(RelayMethod.subscribe, { topic })
    // A node's fanout of its own, to see what it owes; it stores the messages as a core would.
    const store = await RedisMailboxStore.open(redisUrl(), silentLogger, redisPrefix)
    const fanout = await RedisFanout.open(redisUrl(), 'node-announcing', silentLogger, redisPrefix)
    const publish = vi
      .spyOn(Redis.prototype, 'publish')
      .mockRejectedValue(new Error('OOM command not allowed'))
    try {
      for (const topic of topics) {
        const stored = storedMessage(topic, messages.get(topic) ?? 'AA==', 'did:key:announcing')
        if (messages.has(topic))
          await store.put(stored, { maxMessagesPerTopic: 10, maxTotalBytes: 1_000_000 })
        await expect(fanout.announce(stored, false)).rejects.toThrow('OOM')
        expect(fanout.owedTopics).toBeLessThanOrEqual(MAX_OWED_TOPICS)
      }
    } finally {
      publish.mockRestore()
    }
    try {
      const pushes = await subscriber.waitForPushes(2, 10_000)
      expect(new Set(pushes.map((push) => push.params.data.message))).toEqual(new Set(messages.values()))
      await subscriber.expectPushCount(2)
    } finally {
      await Promise.all([fanout.close(), store.close()])
    }
  })

  it('counts each expired message on exactly one node', async () => {
    await startNodes()
    const publisher = await connect(nodeA)
    for (const index of [1, 2, 3])
      await publisher.call(RelayMethod.publish, { topic: randomTopic(), message: `AA${index}=`, ttl: 1 })
    await expect
      .poll(() => nodeA.stats().messagesExpired + nodeB.stats().messagesExpired, { timeout: 5000 })
      .toBe(3)
    expect(await nodeA.health()).toMatchObject({ store: 'redis', mailbox: 0 })
  })
})
