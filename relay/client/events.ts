import type { ReceivedMessage } from '../protocol/index.js'
import type { RelayClientError } from './errors.js'

/** A message published on a subscribed topic, after de-duplication. */
export type RelayMessage = ReceivedMessage

export type RelayClientEvents = {
  /** The socket opened; `reconnect` is false only for the first connection. */
  connect: { reconnect: boolean }
  disconnect: { code: number; reason: string }
  message: RelayMessage
  /** Problems that belong to no caller: malformed frames, socket errors, failed resubscribes. */
  error: RelayClientError
}
