import type { Logger } from '@pairwise/common'
import { describeIssues, safeParseExplained } from '@pairwise/common'
import type { ClientCrypto, SigningKeyPair } from '@pairwise/crypto'
import * as z from 'zod/mini'
import { RelayClientError } from './errors.js'
import type { SocketFactory } from './socket.js'

export type RelayClientTimings = {
  /** How often the heartbeat probes the socket (and ticks). */
  heartbeatIntervalMs: number
  /** Silence after which a socket that can see pings is declared dead; Node clients use 35 s. */
  heartbeatTimeoutMs: number
  /** Reconnect delays grow by this step per failed attempt… */
  reconnectStepMs: number
  /** …up to this cap. */
  reconnectMaxMs: number
  /** A request (including time spent queued while offline) fails after this long. */
  requestTimeoutMs: number
  /** How long `close()` waits for the closing handshake before dropping the socket. */
  closeGraceMs: number
}

export type RelayClientOptions = {
  /** ws:// or wss:// URL; also the JWT audience, verbatim. */
  relayUrl: string
  projectId?: string
  /** The client's identity on the relay; persist it to keep the client id across restarts. */
  signingKeyPair: SigningKeyPair
  /** Signs the auth token and hashes messages; the platform's Web Crypto by default. */
  crypto?: ClientCrypto
  /** Sent as the `ua` query parameter. */
  userAgent?: string
  logger?: Logger
  timings?: Partial<RelayClientTimings>
  /** How many recent messages are remembered for de-duplication. */
  dedupeWindow?: number
  /** Replaces the WebSocket, e.g. with a mock relay in unit tests. */
  createSocket?: SocketFactory
}

export const defaultTimings: RelayClientTimings = {
  heartbeatIntervalMs: 5_000,
  heartbeatTimeoutMs: 35_000,
  reconnectStepMs: 1_000,
  reconnectMaxMs: 5_000,
  requestTimeoutMs: 60_000,
  closeGraceMs: 1_000,
}

export const DEFAULT_DEDUPE_WINDOW = 2_000

// `z.instanceof` in a refine's clothing, same message: its custom schema kind weighs more in the bundle.
const bytes = z
  .unknown()
  .check(z.refine((value) => value instanceof Uint8Array, 'Input not instance of Uint8Array'))

const duration = z.number().check(z.positive(), z.lte(2 ** 31 - 1))

const optionsSchema = z.object({
  relayUrl: z.string().check(
    z.regex(/^wss?:\/\/[^\s]+$/, 'relayUrl must be a ws:// or wss:// URL'),
    z.refine((url) => URL.canParse(url), 'relayUrl is not a valid URL'),
  ),
  projectId: z.optional(z.string()),
  signingKeyPair: z.object({ secretKey: bytes, publicKey: bytes }),
  userAgent: z.optional(z.string().check(z.minLength(1))),
  timings: z.optional(
    z.partial(
      z.object({
        heartbeatIntervalMs: duration,
        heartbeatTimeoutMs: z.number().check(z.positive()),
        reconnectStepMs: duration,
        reconnectMaxMs: duration,
        requestTimeoutMs: duration,
        closeGraceMs: duration,
      }),
    ),
  ),
  dedupeWindow: z.optional(z.int().check(z.positive())),
})

/** Options come from code, but often from config files too: check them before anything connects. */
export function checkOptions(options: RelayClientOptions): RelayClientTimings {
  const parsed = safeParseExplained(optionsSchema, options)
  if (!parsed.success) {
    throw new RelayClientError(
      'INVALID_OPTIONS',
      `invalid relay client options: ${describeIssues(parsed.error)}`,
    )
  }
  return { ...defaultTimings, ...parsed.data.timings }
}
