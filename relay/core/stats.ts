import type { ClientMethod } from '../protocol/index.js'

/** Counters of one relay node. In Redis mode every node counts its own share. */
export type RelayStats = {
  /** Open WebSocket connections now. */
  connections: number
  connectionsTotal: number
  /** Distinct topics with at least one subscriber on this node now. */
  topics: number
  /** Sum over connections of their subscribed topics now. */
  subscriptions: number
  /** New messages accepted into a mailbox (a re-published envelope is not counted again). */
  messagesStored: number
  /** Deliveries acknowledged by a client, or handed out by a fetch call; once per message and client. */
  messagesDelivered: number
  /** Messages dropped because their TTL ran out. */
  messagesExpired: number
  /** Calls per known method, whatever their outcome; shows which protocol generation a client speaks. */
  calls: Partial<Record<ClientMethod, number>>
  /** Calls of methods the relay does not know; a client upgrade that adds one shows up here. */
  unknownMethods: number
  /** JSON-RPC error responses sent, whatever the cause. */
  errorResponses: number
  /** Publishes refused because a topic's mailbox or the whole store was full. */
  mailboxRefusals: number
}

export type RelayCounters = Omit<RelayStats, 'connections' | 'topics' | 'subscriptions'>

export function zeroCounters(): RelayCounters {
  return {
    connectionsTotal: 0,
    calls: {},
    messagesStored: 0,
    messagesDelivered: 0,
    messagesExpired: 0,
    unknownMethods: 0,
    errorResponses: 0,
    mailboxRefusals: 0,
  }
}
