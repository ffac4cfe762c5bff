import { MAX_FRAME_BYTES, MAX_MESSAGE_BYTES } from '../protocol/index.js'
import type { MailboxCaps } from './store.js'

/**
 * Abuse limits: everything a client can make the relay hold or do has one. A call over a limit gets its
 * own JSON-RPC error code, a socket over one its own close code, an upgrade over one its HTTP status
 * (README, "Relay limits"). The connection limits are enforced by the WebSocket server, the rest by the core.
 */
export type RelayLimits = {
  /** Size of one envelope (`message`), in UTF-8 bytes. */
  maxMessageBytes: number
  /**
   * Size of one WebSocket text frame; a batch publish carries many envelopes. A frame still arriving is
   * held whole, so one address can make the relay hold `maxConnectionsPerIp` times this.
   */
  maxFrameBytes: number
  /** Topics one connection may be subscribed to at once. */
  maxTopicsPerConnection: number
  /** Subscriptions all connections from one remote address hold together. */
  maxTopicsPerIp: number
  /** Entries in one batch call. The official client sends at most 500 topics per batch. */
  maxBatchSize: number
  /** The longest `ttl` accepted. The Sign protocol uses at most a day. */
  maxTtlSeconds: number
  /** Publishes one client id may make at once before the rate applies. */
  publishBurst: number
  /** Sustained publishes per second per client id. */
  publishPerSecond: number
  /** Publishes one remote address may make at once, all its sockets (anonymous ones too) together. */
  publishBurstPerIp: number
  /** Sustained publishes per second per remote address. */
  publishPerSecondPerIp: number
  /**
   * Bytes one remote address may publish at once, each message weighed as in the mailboxes (its envelope,
   * its attestation and `MESSAGE_OVERHEAD_BYTES`).
   */
  publishBytesBurstPerIp: number
  /** Sustained bytes per second per remote address, weighed so. */
  publishBytesPerSecondPerIp: number
  /** Messages returned by one fetch call; the rest is signalled with `hasMore`. */
  maxFetchMessages: number
  /**
   * Unexpired messages one topic's mailbox holds. A publish on a full one first evicts its oldest messages
   * already delivered (acknowledged or fetched by some client: never the publisher, who is not sent its
   * own), so a client subscribing later misses those; it is refused only when too few are delivered. A
   * message nobody else has received yet, if only because nobody else subscribed, is never evicted.
   */
  maxMessagesPerTopic: number
  /**
   * Bytes all mailboxes hold together, each message weighing its envelope, its attestation and
   * `MESSAGE_OVERHEAD_BYTES` (the cost of holding it, so that the cap bounds tiny messages too); further
   * publishes are refused.
   */
  maxMailboxBytes: number
  /**
   * Bytes of unexpired messages, weighed as in `maxMailboxBytes`, one remote address may have in the
   * mailboxes, so that no one address fills `maxMailboxBytes` for everybody; further publishes from it are
   * refused until some expire.
   * A message evicted from a full topic counts until it would have expired: the share is counted by the
   * core, which knows neither which messages a store evicted nor from which address each was published.
   */
  maxMailboxBytesPerIp: number
  /** Pushes on one connection awaiting acknowledgement; the rest follow as acknowledgements arrive. */
  maxInFlightPushes: number
  /** Bytes of those pushes, attestations included (one push is always allowed, whatever its size). */
  maxInFlightBytes: number
  /**
   * Bytes of frames, of any kind, one remote address may send at once; past it its sockets are not read
   * until the budget has refilled, so a flood costs the relay no more than this.
   */
  receiveBytesBurstPerIp: number
  /** Sustained bytes of frames per second per remote address. */
  receiveBytesPerSecondPerIp: number
  /** Received frames waiting to be handled on one connection; beyond, the socket is no longer read. */
  maxPendingFrames: number
  /** Bytes of those frames. */
  maxPendingFrameBytes: number
  /** Bytes sent to one socket and not yet taken by the network; beyond, the socket is closed (4010). */
  maxOutputBufferBytes: number
  /** Open WebSocket connections from one remote address; more are refused with HTTP 429. */
  maxConnectionsPerIp: number
  /** Open WebSocket connections in total; more are refused with HTTP 503. */
  maxConnections: number
}

/**
 * Clients a stored message records as having it (fetched or acknowledged). Client ids cost nothing, so
 * without a cap one client reconnecting under new ids would add a record per message per id, kept until the
 * message expires. A topic has two parties, a few devices at most. Past the cap the newest reader is still
 * recorded and one of the others gives way: a reader's pages of pushes move on because its acknowledgements
 * are recorded, so it must never go unrecorded, while one that gave way is at most handed the message again
 * on its next read, and drops it as a duplicate id. The message keeps its records, so it stays delivered,
 * which is all eviction asks.
 */
export const MAX_DELIVERY_RECORDS_PER_MESSAGE = 16

const KiB = 1024
const MiB = 1024 * KiB

export const defaultRelayLimits: RelayLimits = {
  maxMessageBytes: MAX_MESSAGE_BYTES,
  maxFrameBytes: MAX_FRAME_BYTES,
  maxTopicsPerConnection: 2000,
  maxTopicsPerIp: 20_000,
  maxBatchSize: 1000,
  maxTtlSeconds: 30 * 86_400,
  publishBurst: 200,
  publishPerSecond: 50,
  publishBurstPerIp: 1000,
  publishPerSecondPerIp: 500,
  publishBytesBurstPerIp: 16 * MiB,
  publishBytesPerSecondPerIp: 1 * MiB,
  maxFetchMessages: 500,
  maxMessagesPerTopic: 1000,
  maxMailboxBytes: 128 * MiB,
  maxMailboxBytesPerIp: 16 * MiB,
  maxInFlightPushes: 64,
  maxInFlightBytes: 1 * MiB,
  receiveBytesBurstPerIp: 16 * MiB,
  receiveBytesPerSecondPerIp: 2 * MiB,
  maxPendingFrames: 64,
  maxPendingFrameBytes: 4 * MiB,
  maxOutputBufferBytes: 4 * MiB,
  maxConnectionsPerIp: 100,
  maxConnections: 10_000,
}

export function resolveLimits(overrides: Partial<RelayLimits> = {}): RelayLimits {
  const limits = { ...defaultRelayLimits, ...overrides }
  for (const [name, value] of Object.entries(limits))
    if (!(Number.isFinite(value) && value > 0))
      throw new RangeError(`relay limit ${name} must be > 0, got ${value}`)
  return limits
}

/** What the store is told a mailbox may hold. */
export function mailboxCaps(limits: RelayLimits): MailboxCaps {
  return { maxMessagesPerTopic: limits.maxMessagesPerTopic, maxTotalBytes: limits.maxMailboxBytes }
}
