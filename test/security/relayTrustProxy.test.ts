import { describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { RelayErrorCode, RelayMethod } from '../../relay/protocol/index.js'
import { parseTrustedProxies, type RunningRelay } from '../../services/relay/index.js'
import {
  RawRelayClient,
  randomTopic,
  type SocketLike,
  testIdentity,
  withAuth,
} from '../services/relay/support/rawClient.js'
import { useRelays } from '../services/relay/support/useRelays.js'

const { relayWith, sockets, upgradeStatus: upgradeWith } = useRelays()

/** The HTTP status of an upgrade from 127.0.0.1 naming `forwardedFor`, or 101 when it is accepted (and kept open). */
function upgradeStatus(url: string, forwardedFor: string): Promise<number> {
  return upgradeWith(url, { headers: { 'x-forwarded-for': forwardedFor } })
}

/** A relay client whose proxy (this machine) forwards it as `forwardedFor`. */
function connectAs(relay: RunningRelay, forwardedFor: string): Promise<RawRelayClient> {
  const factory = (target: string) => {
    const socket = new WebSocket(target, { headers: { 'x-forwarded-for': forwardedFor } })
    sockets.push(socket)
    return socket as unknown as SocketLike
  }
  return RawRelayClient.open(factory, withAuth(relay.url, testIdentity().token(relay.url)))
}

describe('the relay behind a trusted proxy counts each forwarded client on its own', () => {
  // A client is its address, an IPv6 one its /64, which one host is given whole: a neighbour is the same client.
  it.each([
    {
      client: 'an IPv4 address',
      first: '203.0.113.7',
      same: ['203.0.113.7', '203.0.113.7'],
      other: '198.51.100.4',
    },
    {
      client: 'an IPv6 /64',
      first: '2001:db8:aa:bb::1',
      same: ['2001:db8:aa:bb::2', '2001:db8:aa:bb:ffff::3'],
      other: '2001:db8:aa:bc::1',
    },
  ])('gives each forwarded client its own per-address connection cap: $client', async ({
    first,
    same,
    other,
  }) => {
    const relay = await relayWith({
      trustProxy: parseTrustedProxies('127.0.0.1'),
      limits: { maxConnectionsPerIp: 2 },
    })
    expect(await upgradeStatus(relay.url, first)).toBe(101)
    expect(await upgradeStatus(relay.url, same[0] as string)).toBe(101)
    expect(await upgradeStatus(relay.url, same[1] as string)).toBe(429)
    expect(await upgradeStatus(relay.url, other)).toBe(101)
  })

  it('gives each forwarded client its own per-address topic cap', async () => {
    const relay = await relayWith({
      trustProxy: parseTrustedProxies('127.0.0.0/8'),
      limits: { maxTopicsPerIp: 2 },
    })
    const first = await connectAs(relay, '203.0.113.7')
    await first.call(RelayMethod.batchSubscribe, { topics: [randomTopic(), randomTopic()] })
    expect(await first.call(RelayMethod.subscribe, { topic: randomTopic() })).toMatchObject({
      error: { code: RelayErrorCode.tooManyTopics },
    })
    const second = await connectAs(relay, '198.51.100.4')
    expect(await second.call(RelayMethod.subscribe, { topic: randomTopic() })).toHaveProperty('result')
  })

  it('does not believe X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const relay = await relayWith({ limits: { maxConnectionsPerIp: 2 } })
    expect(await upgradeStatus(relay.url, '203.0.113.1')).toBe(101)
    expect(await upgradeStatus(relay.url, '203.0.113.2')).toBe(101)
    expect(await upgradeStatus(relay.url, '203.0.113.3')).toBe(429)
  })
})
