import { describe, expect, it } from 'vitest'
import { DEFAULT_MOCK_RELAY_URL, startMockRelay } from '../../../relay/mock/index.js'
import { RelayMethod } from '../../../relay/protocol/index.js'
import { heldStore } from '../../services/relay/support/heldStore.js'
import {
  RawRelayClient,
  randomTopic,
  type SocketLike,
  testIdentity,
  withAuth,
} from '../../services/relay/support/rawClient.js'
import { describeRelaySemantics, recordingLogger } from '../../services/relay/support/semanticsSuite.js'

let instance = 0

describeRelaySemantics('mock-socket', async (options) => {
  // Each relay gets its own URL so that a slow close never collides with the next test's relay.
  const relay = startMockRelay({ ...options, url: `ws://relay-${++instance}.pairwise.test` })
  return {
    url: relay.url,
    factory: (url) => new relay.WebSocket(url) as unknown as SocketLike,
    stats: () => relay.stats(),
    close: () => relay.close(),
  }
})

describe('mock relay', () => {
  it('takes the client id from a valid token, and falls back to an anonymous one, logged, for a bad token', async () => {
    const logger = recordingLogger()
    const relay = startMockRelay({ logger })
    const factory = (url: string) => new relay.WebSocket(url) as unknown as SocketLike
    const identity = testIdentity()
    const good = await RawRelayClient.open(factory, withAuth(relay.url, identity.token(relay.url)))
    const sameIdentityWrongAudience = await RawRelayClient.open(
      factory,
      withAuth(relay.url, identity.token('ws://elsewhere.test')),
    )
    const topic = randomTopic()
    await sameIdentityWrongAudience.call(RelayMethod.subscribe, { topic })
    await good.call(RelayMethod.publish, { topic, message: 'AAAA', ttl: 60 })
    // Refused token → anonymous id, so it is not taken for the publisher and does get the message.
    await sameIdentityWrongAudience.waitForPushes(1)
    expect(logger.warnings.some((line) => line.includes('JWT_AUDIENCE'))).toBe(true)
    await Promise.all([good.close(), sameIdentityWrongAudience.close()])
    await relay.close()
  })

  it('drops every socket with 1012 on disconnectAll and keeps the mailboxes', async () => {
    const relay = startMockRelay({ url: `${DEFAULT_MOCK_RELAY_URL.replace('relay', 'relay-drop')}` })
    const factory = (url: string) => new relay.WebSocket(url) as unknown as SocketLike
    const publisher = await RawRelayClient.open(factory, withAuth(relay.url, testIdentity().token(relay.url)))
    const topic = randomTopic()
    await publisher.call(RelayMethod.publish, { topic, message: 'AAAA', ttl: 60 })
    relay.disconnectAll()
    expect((await publisher.closed).code).toBe(1012)
    const late = await RawRelayClient.open(factory, withAuth(relay.url, testIdentity().token(relay.url)))
    await late.call(RelayMethod.subscribe, { topic })
    await late.waitForPushes(1)
    await late.close()
    await relay.close()
  })
})

describe('relay core shutdown', () => {
  it('answers a publish already being stored before it closes the sockets with 1012', async () => {
    let release: () => void = () => {}
    const stored = new Promise<void>((resolve) => {
      release = resolve
    })
    const relay = startMockRelay({ url: 'ws://relay-slow.pairwise.test', store: heldStore(stored) })
    const factory = (url: string) => new relay.WebSocket(url) as unknown as SocketLike
    const client = await RawRelayClient.open(factory, withAuth(relay.url, testIdentity().token(relay.url)))
    const answer = client.call(RelayMethod.publish, { topic: randomTopic(), message: 'AAAA', ttl: 60 })
    await expect.poll(() => relay.stats().calls.irn_publish).toBe(1)
    const closing = relay.close()
    release()
    expect(await answer).toMatchObject({ result: true })
    expect((await client.closed).code).toBe(1012)
    await closing
  })
})
