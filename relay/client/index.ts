export type { Listener, LogFields, Logger, LogLevel } from '@pairwise/common'
export { reconnectDelay } from './backoff.js'
export { type FetchResult, MAX_TOPICS_PER_BATCH, RelayClient } from './client.js'
export { RelayClientError, type RelayClientErrorCode } from './errors.js'
export type { RelayClientEvents, RelayMessage } from './events.js'
export { defaultTimings, type RelayClientOptions, type RelayClientTimings } from './options.js'
export {
  openWebSocket,
  type RelaySocket,
  type SocketEvents,
  type SocketFactory,
  type WebSocketConstructor,
  type WebSocketLike,
  webSocketFactory,
} from './socket.js'
