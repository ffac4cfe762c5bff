export { type LogFields, type Logger, type LogLevel, silentLogger } from '@pairwise/common'
export {
  type AuthContext,
  type AuthOutcome,
  audienceMatcher,
  jwtAuthenticator,
  type RelayAuthenticator,
  type RelayJwtVerifier,
} from './authenticate.js'
export { anonymousClientId } from './clientId.js'
export type { ConnectionTransport } from './connection.js'
export { type RelayFanout, SingleNodeFanout } from './fanout.js'
export {
  defaultRelayLimits,
  MAX_DELIVERY_RECORDS_PER_MESSAGE,
  type RelayLimits,
  resolveLimits,
} from './limits.js'
export { consoleLogger, describeError } from './logger.js'
export { MemoryMailboxStore } from './memoryStore.js'
export {
  MESSAGE_OVERHEAD_BYTES,
  mailboxBytes,
  messageId,
  type StoredMessage,
  StoredMessageSchema,
  subscriptionId,
  textBytes,
} from './message.js'
export { CLOSE_RESTARTING, RelayCore, type RelayCoreOptions, type RelaySession } from './relayCore.js'
export type { RelayStats } from './stats.js'
export type { MailboxCaps, MailboxStore, PutOutcome } from './store.js'
export { truncate } from './truncate.js'
