// The client against the other half of the project: the real relay core behind the mock-socket relay,
// with its mailbox, no-echo rule, Sign 2.5 calls and JWT check.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { encodeEnvelope, randomBytes } from '../../../crypto/index.js'
import { topicFromSymKey } from '../../../crypto/noble.js'
import { webSocketFactory } from '../../../relay/client/index.js'
import { type MockRelay, startMockRelay } from '../../../relay/mock/index.js'
import { clientFactory, collect, delay, nextEvent, randomTopic } from './helpers.js'

let relay: MockRelay
let relayWarnings: string[]
const clients = clientFactory()

function createClient() {
  return clients.create(relay.url, { createSocket: webSocketFactory(relay.WebSocket) })
}

beforeEach(() => {
  relayWarnings = []
  const record = (message: string): void => {
    relayWarnings.push(message)
  }
  relay = startMockRelay({
    url: `ws://relay-${topicFromSymKey(randomBytes(32)).slice(0, 12)}.pairwise.test`,
    logger: { debug: () => {}, info: () => {}, warn: record, error: record },
  })
})

afterEach(async () => {
  await clients.closeAll()
  await relay.close()
})

describe('against the project relay core (mock-socket transport)', () => {
  it('passes the relay JWT check on every connection, reconnects included', async () => {
    const client = createClient()
    await client.connect()
    const back = nextEvent(client, 'connect')
    relay.disconnectAll()
    await back
    expect(relayWarnings).toEqual([])
  })

  it('carries a publish to the other subscriber and never back to the publisher', async () => {
    const alice = createClient()
    const bob = createClient()
    const topic = randomTopic()
    await alice.subscribe(topic)
    await bob.subscribe(topic)
    const bobMessages = collect(bob, 'message')
    const received = nextEvent(alice, 'message')
    const symKey = randomBytes(32)
    const message = encodeEnvelope({ type: 0, message: '{"id":1}', symKey })
    await bob.publish({ topic, message, ttl: 300, tag: 1108, prompt: true })
    expect(await received).toMatchObject({ topic, message, tag: 1108 })
    await delay(50)
    expect(bobMessages).toEqual([])
  })

  it('completes the Sign 2.5 handshake through the mailbox, each side subscribing late', async () => {
    const dapp = createClient()
    const wallet = createClient()
    const [pairingTopic, sessionTopic] = [randomTopic(), randomTopic()]
    const symKey = randomBytes(32)
    const sessionProposal = encodeEnvelope({ type: 0, message: 'proposal', symKey })
    await dapp.proposeSession({ pairingTopic, sessionProposal, ttl: 300 })

    const proposal = nextEvent(wallet, 'message')
    await wallet.subscribe(pairingTopic)
    expect(await proposal).toMatchObject({ topic: pairingTopic, message: sessionProposal, tag: 1100 })

    const response = nextEvent(dapp, 'message')
    const sessionProposalResponse = encodeEnvelope({ type: 0, message: 'response', symKey })
    const sessionSettlementRequest = encodeEnvelope({ type: 0, message: 'settle', symKey })
    await wallet.approveSession({
      sessionTopic,
      pairingTopic,
      sessionProposalResponse,
      sessionSettlementRequest,
      ttl: 300,
    })
    expect(await response).toMatchObject({ topic: pairingTopic, message: sessionProposalResponse, tag: 1101 })

    const settle = nextEvent(dapp, 'message')
    await dapp.subscribe(sessionTopic)
    expect(await settle).toMatchObject({ topic: sessionTopic, message: sessionSettlementRequest, tag: 1102 })
  })

  it('reconnects after the relay drops everyone and receives what was published meanwhile', async () => {
    const alice = createClient()
    const bob = createClient()
    const topic = randomTopic()
    await alice.subscribe(topic)
    await bob.connect()
    const aliceBack = nextEvent(alice, 'connect')
    const bobDown = nextEvent(bob, 'disconnect')
    relay.disconnectAll()
    await bobDown
    const message = encodeEnvelope({ type: 0, message: 'while away', symKey: randomBytes(32) })
    const published = bob.publish({ topic, message, ttl: 300, tag: 1108 })
    const received = nextEvent(alice, 'message')
    expect(await aliceBack).toEqual({ reconnect: true })
    await published
    expect(await received).toMatchObject({ topic, message })
  })
})
