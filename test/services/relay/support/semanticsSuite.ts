import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  defaultRelayLimits,
  type Logger,
  type RelayLimits,
  type RelayStats,
} from '../../../../relay/core/index.js'
import {
  encodeFrame,
  type PublishParams,
  RelayErrorCode,
  RelayMethod,
  resultFrame,
  SessionCallPolicies,
} from '../../../../relay/protocol/index.js'
import {
  RawRelayClient,
  randomTopic,
  type SocketFactory,
  type TestIdentity,
  testIdentity,
  withAuth,
} from './rawClient.js'

export type HarnessOptions = {
  limits?: Partial<RelayLimits>
  now: () => number
  ackTimeoutMs?: number
  sweepIntervalMs?: number
  logger?: Logger
}

/** One running relay, whatever its transport and store, as the semantics suite needs it. */
export type RelayHarness = {
  /** The relay URL clients are configured with; tokens carry it as `aud`. */
  url: string
  factory: SocketFactory
  stats(): RelayStats
  close(): Promise<void>
}

export type StartHarness = (options: HarnessOptions) => Promise<RelayHarness>

/** Records warnings so tests can check what the relay logged. */
export function recordingLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = []
  return {
    warnings,
    debug: () => {},
    info: () => {},
    warn: (message, fields) => warnings.push(`${message} ${JSON.stringify(fields ?? {})}`),
    error: (message, fields) => warnings.push(`ERROR ${message} ${JSON.stringify(fields ?? {})}`),
  }
}

const envelope = (text: string) => Buffer.from(text).toString('base64')

/**
 * The relay semantics of research §2–§3, run against any transport and store: the mock relay, the ws
 * server in memory and SQLite mode, and a Redis-backed node.
 */
export function describeRelaySemantics(name: string, start: StartHarness): void {
  describe(`relay semantics: ${name}`, () => {
    let offsetMs = 0
    const now = () => Date.now() + offsetMs
    let relay: RelayHarness | undefined
    const clients: RawRelayClient[] = []

    const startRelay = async (options: Omit<HarnessOptions, 'now'> = {}) => {
      relay = await start({ now, ...options })
      return relay
    }
    const connect = async (
      identity: TestIdentity = testIdentity(),
      options: { autoAck?: boolean } = {},
    ): Promise<RawRelayClient> => {
      if (!relay) throw new Error('start the relay first')
      const client = await RawRelayClient.open(
        relay.factory,
        withAuth(relay.url, identity.token(relay.url)),
        {
          clientId: identity.clientId,
          ...options,
        },
      )
      clients.push(client)
      return client
    }
    const publish = (
      client: RawRelayClient,
      params: Partial<PublishParams> & { topic: string } & Record<string, unknown>,
    ) =>
      client.call(RelayMethod.publish, {
        message: envelope(`m-${Math.random()}`),
        ttl: 300,
        tag: 1108,
        ...params,
      })

    beforeEach(() => {
      offsetMs = 0
    })
    afterEach(async () => {
      await Promise.all(clients.splice(0).map((client) => client.close()))
      await relay?.close()
      relay = undefined
    })

    it('echoes string and 19-digit numeric ids exactly', async () => {
      await startRelay()
      const client = await connect()
      const topic = randomTopic()
      client.sendText(
        `{"id":"1732012345678901234","jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"${topic}"}}`,
      )
      await client.response('1732012345678901234')
      client.sendText(
        `{"id":1732012345678901235,"jsonrpc":"2.0","method":"irn_unsubscribe","params":{"topic":"${topic}"}}`,
      )
      await expect
        .poll(() => client.frames.some((frame) => frame.startsWith('{"id":1732012345678901235,')))
        .toBe(true)
      expect(client.frames[0]).toMatch(
        /^\{"id":"1732012345678901234","jsonrpc":"2\.0","result":"[0-9a-f]{64}"\}$/,
      )
      expect(client.frames[1]).toBe('{"id":1732012345678901235,"jsonrpc":"2.0","result":true}')
    })

    it('delivers to other subscribers and never back to the publishing client id', async () => {
      await startRelay()
      const publisherIdentity = testIdentity()
      const publisher = await connect(publisherIdentity)
      const publisherTwin = await connect(publisherIdentity)
      const peer = await connect()
      const topic = randomTopic()
      for (const client of [publisher, publisherTwin, peer])
        await client.call(RelayMethod.subscribe, { topic })
      const message = envelope('hello')
      expect(await publish(publisher, { topic, message, tag: 1108, attestation: 'att' })).toMatchObject({
        result: true,
      })
      const [push] = await peer.waitForPushes(1)
      expect(push?.params.data).toMatchObject({ topic, message, tag: 1108, attestation: 'att' })
      expect(push?.params.data.publishedAt).toBeGreaterThan(0)
      await publisher.expectPushCount(0, 50)
      await publisherTwin.expectPushCount(0, 0)
    })

    it('keeps messages for late subscribers and pushes them after the subscribe response', async () => {
      await startRelay()
      const publisher = await connect()
      const topics = [randomTopic(), randomTopic(), randomTopic()]
      for (const [index, topic] of topics.entries())
        await publish(publisher, { topic, message: envelope(`late ${index}`) })

      const single = await connect()
      await single.call(RelayMethod.subscribe, { topic: topics[0] })
      const [first] = await single.waitForPushes(1)
      expect(first?.params.data.message).toBe(envelope('late 0'))
      expect(single.frames[0]).toContain('"result"')

      const batch = await connect()
      const answer = await batch.call(RelayMethod.batchSubscribe, { topics })
      expect('result' in answer && answer.result).toHaveLength(3)
      const pushes = await batch.waitForPushes(3)
      expect(pushes.map((push) => push.params.data.topic).sort()).toEqual([...topics].sort())
      expect(relay?.stats()).toMatchObject({ messagesStored: 3 })
    })

    it('re-pushes until acknowledged, and not after', async () => {
      await startRelay({ ackTimeoutMs: 60 })
      const publisher = await connect()
      const subscriber = await connect(testIdentity(), { autoAck: false })
      const topic = randomTopic()
      await subscriber.call(RelayMethod.subscribe, { topic })
      await publish(publisher, { topic })
      const pushes = await subscriber.waitForPushes(2)
      expect(pushes[0]?.params.data).toEqual(pushes[1]?.params.data)
      expect(pushes[0]?.id).not.toEqual(pushes[1]?.id)
      subscriber.ack(pushes[1] as (typeof pushes)[number])
      await expect.poll(() => relay?.stats().messagesDelivered).toBe(1)
      const count = subscriber.pushes.length
      await subscriber.expectPushCount(count, 250)
    })

    it('takes an acknowledgement whose id is the push id as a string of its digits, and no other', async () => {
      await startRelay()
      const publisher = await connect()
      const subscriber = await connect(testIdentity(), { autoAck: false })
      const topic = randomTopic()
      await subscriber.call(RelayMethod.subscribe, { topic })
      await publish(publisher, { topic })
      const [push] = await subscriber.waitForPushes(1)
      const digits = String(push?.id)
      for (const other of [`0${digits}`, `${digits}.0`, ` ${digits}`])
        subscriber.sendText(encodeFrame(resultFrame(other, true)))
      // Frames are handled in order: once this call is answered, so are the acks above, and a delivery
      // they recorded would be committed well within the wait.
      await subscriber.call(RelayMethod.subscribe, { topic: randomTopic() })
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(relay?.stats().messagesDelivered).toBe(0)
      subscriber.sendText(encodeFrame(resultFrame(digits, true)))
      await expect.poll(() => relay?.stats().messagesDelivered).toBe(1)
    })

    it('re-pushes an unacknowledged message after a reconnect, but never an acknowledged one', async () => {
      await startRelay()
      const publisher = await connect()
      const identity = testIdentity()
      const first = await connect(identity, { autoAck: false })
      const [topicA, topicB] = [randomTopic(), randomTopic()]
      await first.call(RelayMethod.batchSubscribe, { topics: [topicA, topicB] })
      await publish(publisher, { topic: topicA, message: envelope('acked') })
      await publish(publisher, { topic: topicB, message: envelope('dropped') })
      const pushes = await first.waitForPushes(2)
      const acked = pushes.find((push) => push.params.data.topic === topicA)
      if (!acked) throw new Error('no push on topic A')
      first.ack(acked)
      await expect.poll(() => relay?.stats().messagesDelivered).toBe(1)
      await first.close()

      const second = await connect(identity)
      await second.call(RelayMethod.batchSubscribe, { topics: [topicA, topicB] })
      const [again] = await second.waitForPushes(1)
      expect(again?.params.data.message).toBe(envelope('dropped'))
      await second.expectPushCount(1)
    })

    it('drops messages when their TTL runs out', async () => {
      const logger = recordingLogger()
      await startRelay({ sweepIntervalMs: 20, logger })
      const publisher = await connect()
      const topic = randomTopic()
      await publish(publisher, { topic, ttl: 10 })
      await publish(publisher, { topic, ttl: 300 })
      offsetMs = 11_000
      await expect.poll(() => relay?.stats().messagesExpired).toBe(1)
      const late = await connect()
      await late.call(RelayMethod.subscribe, { topic })
      await late.waitForPushes(1)
      await late.expectPushCount(1)
    })

    it('subscribes the dapp to its pairing topic on wc_proposeSession and stores the proposal as tag 1100', async () => {
      await startRelay()
      const dapp = await connect()
      const wallet = await connect()
      const pairingTopic = randomTopic()
      const sessionProposal = envelope('proposal')
      const answer = await dapp.call(RelayMethod.proposeSession, {
        pairingTopic,
        sessionProposal,
        ttl: 300,
        correlationId: 1732012345678123,
      })
      expect(answer).toMatchObject({ result: true })
      await wallet.call(RelayMethod.subscribe, { topic: pairingTopic })
      const [proposal] = await wallet.waitForPushes(1)
      expect(proposal?.params.data).toMatchObject({
        topic: pairingTopic,
        message: sessionProposal,
        tag: SessionCallPolicies.sessionProposal.tag,
      })
      await publish(wallet, { topic: pairingTopic, message: envelope('plain reply'), tag: 1120 })
      const [reply] = await dapp.waitForPushes(1)
      expect(reply?.params.data.message).toBe(envelope('plain reply'))
    })

    it('routes wc_approveSession: 1101 on the pairing topic, 1102 on the session topic, wallet subscribed', async () => {
      await startRelay()
      const dapp = await connect()
      const wallet = await connect()
      const pairingTopic = randomTopic()
      const sessionTopic = randomTopic()
      await dapp.call(RelayMethod.proposeSession, { pairingTopic, sessionProposal: envelope('proposal') })
      await wallet.call(RelayMethod.subscribe, { topic: pairingTopic })
      await wallet.waitForPushes(1)
      const answer = await wallet.call(RelayMethod.approveSession, {
        sessionTopic,
        pairingTopic,
        sessionProposalResponse: envelope('response'),
        sessionSettlementRequest: envelope('settle'),
        ttl: 300,
        correlationId: 1,
        approvedChains: ['eip155:1'],
        approvedMethods: ['personal_sign'],
        approvedEvents: ['accountsChanged'],
        sessionProperties: {},
        scopedProperties: {},
      })
      expect(answer).toMatchObject({ result: true })
      const [response] = await dapp.waitForPushes(1)
      expect(response?.params.data).toMatchObject({
        topic: pairingTopic,
        message: envelope('response'),
        tag: SessionCallPolicies.sessionProposalResponse.tag,
      })
      await dapp.call(RelayMethod.subscribe, { topic: sessionTopic })
      const [, settle] = await dapp.waitForPushes(2)
      expect(settle?.params.data).toMatchObject({
        topic: sessionTopic,
        message: envelope('settle'),
        tag: SessionCallPolicies.sessionSettlementRequest.tag,
      })
      await publish(dapp, { topic: sessionTopic, message: envelope('settle ack'), tag: 1103 })
      const pushes = await wallet.waitForPushes(2)
      expect(pushes[1]?.params.data.message).toBe(envelope('settle ack'))
      await wallet.expectPushCount(2)
    })

    it('stops delivering after irn_unsubscribe and irn_batchUnsubscribe', async () => {
      await startRelay()
      const publisher = await connect()
      const subscriber = await connect()
      const [topicA, topicB, topicC] = [randomTopic(), randomTopic(), randomTopic()]
      await subscriber.call(RelayMethod.batchSubscribe, { topics: [topicA, topicB, topicC] })
      expect(
        await subscriber.call(RelayMethod.unsubscribe, { topic: topicA, id: 'ab'.repeat(32) }),
      ).toMatchObject({
        result: true,
      })
      expect(
        await subscriber.call(RelayMethod.batchUnsubscribe, { subscriptions: [{ topic: topicB, id: 'x' }] }),
      ).toMatchObject({ result: true })
      for (const topic of [topicA, topicB, topicC]) await publish(publisher, { topic })
      const [only] = await subscriber.waitForPushes(1)
      expect(only?.params.data.topic).toBe(topicC)
      await subscriber.expectPushCount(1)
      expect(relay?.stats()).toMatchObject({ subscriptions: 1 })
    })

    it('publishes every message of irn_batchPublish', async () => {
      await startRelay()
      const publisher = await connect()
      const subscriber = await connect()
      const topics = [randomTopic(), randomTopic()]
      await subscriber.call(RelayMethod.batchSubscribe, { topics })
      const answer = await publisher.call(RelayMethod.batchPublish, {
        messages: topics.map((topic, index) => ({
          topic,
          message: envelope(`batch ${index}`),
          ttl: 300,
          tag: 1,
        })),
      })
      expect(answer).toMatchObject({ result: true })
      const pushes = await subscriber.waitForPushes(2)
      expect(pushes.map((push) => push.params.data.message).sort()).toEqual([
        envelope('batch 0'),
        envelope('batch 1'),
      ])
    })

    it('pages stored messages through irn_fetchMessages and irn_batchFetchMessages', async () => {
      await startRelay({ limits: { maxFetchMessages: 2 } })
      const publisher = await connect()
      const reader = await connect()
      const [topicA, topicB] = [randomTopic(), randomTopic()]
      for (const index of [0, 1, 2])
        await publish(publisher, { topic: topicA, message: envelope(`a${index}`) })
      await publish(publisher, { topic: topicB, message: envelope('b0') })

      const page1 = await reader.call(RelayMethod.fetchMessages, { topic: topicA })
      expect(page1).toMatchObject({ result: { hasMore: true } })
      expect('result' in page1 && page1.result).toMatchObject({
        messages: [{ topic: topicA, message: envelope('a0'), tag: 1108 }, { message: envelope('a1') }],
      })
      const page2 = await reader.call(RelayMethod.batchFetchMessages, { topics: [topicA, topicB] })
      expect(page2).toMatchObject({
        result: { hasMore: false, messages: [{ message: envelope('a2') }, { message: envelope('b0') }] },
      })
      expect(await reader.call(RelayMethod.fetchMessages, { topic: topicA })).toMatchObject({
        result: { messages: [], hasMore: false },
      })
      await reader.call(RelayMethod.batchSubscribe, { topics: [topicA, topicB] })
      await reader.expectPushCount(0)
      expect(relay?.stats().messagesDelivered).toBe(4)
    })

    it('answers unknown methods with -32601 and logs them', async () => {
      const logger = recordingLogger()
      await startRelay({ logger })
      const client = await connect()
      expect(await client.call('irn_watchRegister', {})).toMatchObject({
        error: { code: RelayErrorCode.methodNotFound },
      })
      expect(relay?.stats().unknownMethods).toBe(1)
      expect(logger.warnings.some((line) => line.includes('irn_watchRegister'))).toBe(true)
    })

    it('accepts unknown params keys (analytics fields sent flat)', async () => {
      await startRelay()
      const client = await connect()
      const answer = await publish(client, {
        topic: randomTopic(),
        rpcMethods: ['personal_sign'],
        chainId: 'eip155:1',
        txHashes: [],
        contractAddresses: [],
        correlationId: 17,
      })
      expect(answer).toMatchObject({ result: true })
    })

    it('refuses with invalid params, and stores nothing of, a message that is not base64 or an attestation that is not a JWT, whatever the call', async () => {
      await startRelay()
      const publisher = await connect()
      const reader = await connect()
      const topic = randomTopic()
      const notBase64 = {
        code: RelayErrorCode.invalidParams,
        message: 'Invalid params: a message is base64 text',
      }
      const notJwt = {
        code: RelayErrorCode.invalidParams,
        message: 'Invalid params: an attestation is a JWT',
      }
      // Each character here is one UTF-16 unit but three bytes in UTF-8, what Redis and a frame hold.
      expect(await publish(publisher, { topic, message: '語'.repeat(32) })).toMatchObject({
        error: notBase64,
      })
      expect(await publish(publisher, { topic, message: 'AA AA' })).toMatchObject({ error: notBase64 })
      expect(await publish(publisher, { topic, attestation: 'ey.語' })).toMatchObject({ error: notJwt })
      expect(
        await publisher.call(RelayMethod.batchPublish, {
          messages: [
            { topic, message: envelope('fine'), ttl: 300 },
            { topic, message: '{"json":1}', ttl: 300 },
          ],
        }),
      ).toMatchObject({ error: notBase64 })
      expect(
        await publisher.call(RelayMethod.proposeSession, {
          pairingTopic: topic,
          sessionProposal: 'AA',
          attestation: 'a b',
        }),
      ).toMatchObject({ error: notJwt })
      expect(
        await publisher.call(RelayMethod.approveSession, {
          sessionTopic: randomTopic(),
          pairingTopic: topic,
          sessionProposalResponse: 'AA',
          sessionSettlementRequest: 'é',
        }),
      ).toMatchObject({ error: notBase64 })
      expect(await reader.call(RelayMethod.fetchMessages, { topic })).toMatchObject({
        result: { messages: [], hasMore: false },
      })
      expect(
        await publish(publisher, { topic, message: 'AZaz09+/-_==', attestation: 'eyJh.eyJi.c2ln-_' }),
      ).toMatchObject({ result: true })
    })

    it('answers each limit with its own error code', async () => {
      await startRelay({
        limits: {
          maxMessageBytes: 64,
          maxTopicsPerConnection: 2,
          publishBurst: 3,
          publishPerSecond: 0.001,
          maxBatchSize: 2,
        },
      })
      const client = await connect()
      const topic = randomTopic()
      expect(await publish(client, { topic, message: 'x'.repeat(65) })).toMatchObject({
        error: { code: RelayErrorCode.messageTooLarge },
      })
      expect(await publish(client, { topic, ttl: 365 * 86_400 })).toMatchObject({
        error: { code: RelayErrorCode.ttlOutOfRange },
      })
      expect(
        await client.call(RelayMethod.batchSubscribe, {
          topics: [randomTopic(), randomTopic(), randomTopic()],
        }),
      ).toMatchObject({
        error: { code: RelayErrorCode.batchTooLarge },
      })
      await client.call(RelayMethod.batchSubscribe, { topics: [randomTopic(), randomTopic()] })
      expect(await client.call(RelayMethod.subscribe, { topic })).toMatchObject({
        error: { code: RelayErrorCode.tooManyTopics },
      })
      expect(
        await client.call(RelayMethod.proposeSession, { pairingTopic: topic, sessionProposal: 'AA' }),
      ).toMatchObject({
        error: { code: RelayErrorCode.tooManyTopics },
      })
      for (const _ of [1, 2, 3])
        expect(await publish(client, { topic, message: 'AA' })).toMatchObject({ result: true })
      expect(await publish(client, { topic, message: 'AB' })).toMatchObject({
        error: { code: RelayErrorCode.rateLimited },
      })
      expect(
        await client.call(RelayMethod.publish, { topic: 'not-a-topic', message: 'AA', ttl: 1 }),
      ).toMatchObject({
        error: { code: RelayErrorCode.invalidParams },
      })
      expect(client.isOpen).toBe(true)
    })

    it('answers malformed frames with an error and keeps the connection', async () => {
      await startRelay()
      const client = await connect()
      client.sendText('{this is not json')
      expect(await client.response(null)).toMatchObject({
        id: null,
        error: { code: RelayErrorCode.parseError },
      })
      client.sendText('{"id":"q1","jsonrpc":"2.0","method":42}')
      expect(await client.response('q1')).toMatchObject({ error: { code: RelayErrorCode.invalidRequest } })
      client.sendText('[]')
      client.sendText('{"id":"q2","jsonrpc":"2.0","method":"irn_subscribe","params":"topic"}')
      expect(await client.response('q2')).toMatchObject({ error: { code: RelayErrorCode.invalidParams } })
      expect(await client.call(RelayMethod.subscribe, { topic: randomTopic() })).toHaveProperty('result')
      expect(client.isOpen).toBe(true)
      expect(relay?.stats().errorResponses).toBeGreaterThanOrEqual(4)
    })

    it('takes a publish on a topic full of delivered messages, evicting the oldest, but not on one full of undelivered ones', async () => {
      await startRelay({ limits: { publishBurst: 3000, publishBurstPerIp: 3000 } })
      const { maxMessagesPerTopic } = defaultRelayLimits
      const publisher = await connect()
      const peer = await connect()
      const [delivered, undelivered] = [randomTopic(), randomTopic()]
      const fill = (topic: string) =>
        publisher.call(RelayMethod.batchPublish, {
          messages: Array.from({ length: maxMessagesPerTopic }, (_, index) => ({
            topic,
            message: envelope(`${topic} ${index}`),
            ttl: 300,
            tag: 1108,
          })),
        })
      await peer.call(RelayMethod.subscribe, { topic: delivered })
      expect(await fill(delivered)).toMatchObject({ result: true })
      await peer.waitForPushes(maxMessagesPerTopic, 20_000)
      await expect.poll(() => relay?.stats().messagesDelivered).toBe(maxMessagesPerTopic)
      const newest = envelope('one past the cap')
      expect(await publish(publisher, { topic: delivered, message: newest })).toMatchObject({ result: true })

      const late = await connect()
      await late.call(RelayMethod.subscribe, { topic: delivered })
      const pushes = await late.waitForPushes(maxMessagesPerTopic, 20_000)
      await late.expectPushCount(maxMessagesPerTopic)
      const messages = pushes.map((push) => push.params.data.message)
      expect(messages).not.toContain(envelope(`${delivered} 0`))
      expect(messages[0]).toBe(envelope(`${delivered} 1`))
      expect(messages.at(-1)).toBe(newest)

      expect(await fill(undelivered)).toMatchObject({ result: true })
      expect(await publish(publisher, { topic: undelivered })).toMatchObject({
        error: { code: RelayErrorCode.mailboxFull, data: { reason: 'topicFull' } },
      })
    }, 60_000)

    it('counts a re-published envelope once', async () => {
      await startRelay()
      const publisher = await connect()
      const subscriber = await connect()
      const topic = randomTopic()
      await subscriber.call(RelayMethod.subscribe, { topic })
      const message = envelope('retry me')
      await publish(publisher, { topic, message })
      await publish(publisher, { topic, message })
      await subscriber.waitForPushes(1)
      await subscriber.expectPushCount(1)
      expect(relay?.stats()).toMatchObject({ messagesStored: 1, connections: 2, topics: 1 })
    })
  })
}
