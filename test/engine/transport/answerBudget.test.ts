import { describe, expect, it, vi } from 'vitest'
import { onRelayMessage } from '../../../engine/inbound/route.js'
import type { SignClient } from '../../../engine/index.js'
import { formatRequest } from '../../../engine/jsonrpc/index.js'
import { MAX_AUTO_ANSWERS_PER_MINUTE } from '../../../engine/limits.js'
import { systemClock } from '../../../engine/time.js'
import { sealForTopic } from '../../../engine/transport/keys.js'
import { newPayloadId } from '../../../engine/transport/send.js'
import { movableClock } from '../../conformance/support/clock.js'
import {
  ADDRESS,
  establishSession,
  nextEvent,
  requestedNamespaces,
  useTestRelay,
  walletMetadata,
} from '../support/harness.js'
import { engineOf, inboundHandled } from '../support/internals.js'

const harness = useTestRelay()
const { pool } = harness

// The peer's ids: its own, never one of the receiving client's.
const peerIds = { clock: systemClock, lastPayloadId: 0 }

/**
 * Hands `client` `count` requests of `method` on `topic` as fast as a relay could deliver them, sealed as
 * the peer seals them (both hold the topic's key), and resolves once all are handled. The engine's own
 * context is used because a peer with an SDK of its own is not held to our client's checks.
 */
async function flood(client: SignClient, topic: string, method: string, params: unknown, count: number) {
  const ctx = engineOf(client)
  for (let sent = 0; sent < count; sent++) {
    const message = sealForTopic(ctx, topic, formatRequest(method, params, newPayloadId(peerIds)))
    onRelayMessage(ctx, { topic, message, publishedAt: Date.now(), tag: 0, attestation: null })
  }
  await inboundHandled(client)
}

/** Counts what `client` publishes from now on, without sending it, until restored. */
const countPublishes = (client: SignClient) =>
  vi.spyOn(engineOf(client).relay, 'publish').mockResolvedValue(undefined)

async function sessionBetween(options: { clock?: ReturnType<typeof movableClock> } = {}) {
  const dapp = await pool.make(harness.relay.url, options)
  const wallet = await pool.make(harness.relay.url, { ...options, metadata: walletMetadata })
  const { topic } = await establishSession(dapp, wallet)
  const { pairingTopic } = wallet.session.get(topic)
  return { dapp, wallet, topic, pairingTopic }
}

describe('a peer cannot make the engine spend its relay budget', () => {
  it('answers a burst of 1,000 pings on a topic up to the cap, while other topics and the user still get through', async () => {
    const { dapp, wallet, topic, pairingTopic } = await sessionBetween()
    const publishes = countPublishes(wallet)
    await flood(wallet, topic, 'wc_sessionPing', {}, 1_000)
    expect(publishes).toHaveBeenCalledTimes(MAX_AUTO_ANSWERS_PER_MINUTE)
    publishes.mockRestore()

    await expect(dapp.ping({ topic: pairingTopic })).resolves.toBeUndefined()
    wallet.on('session_request', ({ id }) =>
      pool.inBackground(wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: 'signed' } })),
    )
    const signed = dapp.request({
      topic,
      chainId: 'eip155:1',
      request: { method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] },
    })
    await expect(signed).resolves.toBe('signed')
    const event = nextEvent(dapp, 'session_event')
    await wallet.emit({ topic, chainId: 'eip155:1', event: { name: 'chainChanged', data: 1 } })
    expect((await event).topic).toBe(topic)
  })

  // Every request a peer can have answered with no user in the loop, on the topic it arrives on.
  const unprompted: [string, 'session' | 'pairing', string, unknown, 'wallet' | 'dapp'][] = [
    ['a pairing ping', 'pairing', 'wc_pairingPing', {}, 'wallet'],
    ['a session ping on the pairing topic', 'pairing', 'wc_sessionPing', {}, 'wallet'],
    ['a method no one handles', 'pairing', 'wc_madeUpMethod', {}, 'wallet'],
    [
      'a malformed sign-in request, refused to its requester',
      'pairing',
      'wc_sessionAuthenticate',
      { requester: { publicKey: 'ab'.repeat(32) } },
      'wallet',
    ],
    ['a malformed proposal', 'pairing', 'wc_sessionPropose', {}, 'wallet'],
    ['an extend', 'session', 'wc_sessionExtend', {}, 'wallet'],
    [
      'an update from the side that does not control the session',
      'session',
      'wc_sessionUpdate',
      {},
      'wallet',
    ],
    ['a malformed session request', 'session', 'wc_sessionRequest', {}, 'wallet'],
    ['a malformed event', 'session', 'wc_sessionEvent', {}, 'dapp'],
  ]

  it.each(unprompted)('answers %s at most the cap of times a minute', async (_, on, method, params, side) => {
    const clients = await sessionBetween()
    const receiver = clients[side]
    const publishes = countPublishes(receiver)
    await flood(receiver, on === 'session' ? clients.topic : clients.pairingTopic, method, params, 100)
    // At most: the dapp has already spent one on the session topic, answering the settlement.
    expect(publishes.mock.calls.length).toBeLessThanOrEqual(MAX_AUTO_ANSWERS_PER_MINUTE)
  })

  it("a user's answer on a topic whose budget is spent still goes out", async () => {
    const dapp = await pool.make(harness.relay.url)
    const wallet = await pool.make(harness.relay.url, { metadata: walletMetadata })
    const proposal = nextEvent(wallet, 'session_proposal')
    const { uri, approval } = await dapp.connect({ optionalNamespaces: requestedNamespaces })
    await wallet.pair({ uri: uri as string })
    const { id, params } = await proposal
    await flood(wallet, params.pairingTopic, 'wc_pairingPing', {}, 2 * MAX_AUTO_ANSWERS_PER_MINUTE)
    const rejected = expect(approval()).rejects.toMatchObject({ code: 5000 })
    await wallet.reject({ id, reason: { code: 5000, message: 'User rejected.' } })
    await rejected
  })

  it('answers again as the minute goes by', async () => {
    const clock = movableClock()
    const { wallet, topic } = await sessionBetween({ clock })
    const publishes = countPublishes(wallet)
    await flood(wallet, topic, 'wc_sessionPing', {}, 2 * MAX_AUTO_ANSWERS_PER_MINUTE)
    clock.advance(6)
    await flood(wallet, topic, 'wc_sessionPing', {}, 2 * MAX_AUTO_ANSWERS_PER_MINUTE)
    expect(publishes).toHaveBeenCalledTimes(MAX_AUTO_ANSWERS_PER_MINUTE + 2)
    clock.advance(60)
    await flood(wallet, topic, 'wc_sessionPing', {}, 2 * MAX_AUTO_ANSWERS_PER_MINUTE)
    expect(publishes).toHaveBeenCalledTimes(2 * MAX_AUTO_ANSWERS_PER_MINUTE + 2)
  })

  it('forgets what a topic spent once the topic is gone', async () => {
    const { dapp, wallet, topic } = await sessionBetween()
    await flood(wallet, topic, 'wc_sessionPing', {}, 1)
    // The budgets have no public handle; the context shows which topics they are kept for.
    expect([...engineOf(wallet).answerBudgets.keys()]).toEqual([topic])
    const deleted = nextEvent(wallet, 'session_delete')
    await dapp.disconnect({ topic })
    await deleted
    expect(engineOf(wallet).answerBudgets.size).toBe(0)
  })
})
