import type { Logger } from '@pairwise/common'
import { describeIssues } from '@pairwise/common'
import * as v from '@pairwise/common/schema'
import type { ClientCrypto, SigningKeyPair } from '@pairwise/crypto'
import { RelayClientError } from './errors.js'
import type { SocketFactory } from './socket.js'

export type RelayClientTimings = {
  /** How often the heartbeat probes the socket (and ticks). */
  heartbeatIntervalMs: number
  /**
   * How long any socket's opening handshake may take, and the silence after which an open socket that
   * can see pings is declared dead; Node clients use 35 s.
   */
  heartbeatTimeoutMs: number
  /** Reconnect delays are drawn at random below a bound that grows by this step per failed attempt… */
  reconnectStepMs: number
  /** …up to this cap. A socket closed sooner than this after it opened counts as a failed attempt. */
  reconnectMaxMs: number
  /**
   * A request (including time spent queued while offline) fails after this long; if the socket it went
   * out on has delivered nothing since, that socket is given up for a new one.
   */
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

// A Uint8Array, refused in the words of zod's `z.instanceof`.
const bytes = v
  .unknown()
  .check(v.refine((value) => value instanceof Uint8Array, 'Input not instance of Uint8Array'))

const duration = v.number().check(v.positive(), v.lte(2 ** 31 - 1))

const optionsSchema = v.object({
  relayUrl: v.string().check(
    v.regex(/^wss?:\/\/[^\s]+$/, 'relayUrl must be a ws:// or wss:// URL'),
    v.refine((url) => URL.canParse(url), 'relayUrl is not a valid URL'),
  ),
  projectId: v.optional(v.string()),
  signingKeyPair: v.object({ secretKey: bytes, publicKey: bytes }),
  userAgent: v.optional(v.string().check(v.minLength(1))),
  timings: v.optional(
    v.partial(
      v.object({
        heartbeatIntervalMs: duration,
        heartbeatTimeoutMs: v.number().check(v.positive()),
        reconnectStepMs: duration,
        reconnectMaxMs: duration,
        requestTimeoutMs: duration,
        closeGraceMs: duration,
      }),
    ),
  ),
  dedupeWindow: v.optional(v.int().check(v.positive())),
})

/** Options come from code, but often from config files too: check them before anything connects. */
export function checkOptions(options: RelayClientOptions): RelayClientTimings {
  const parsed = optionsSchema.safeParse(options)
  if (!parsed.success) {
    throw new RelayClientError(
      'INVALID_OPTIONS',
      `invalid relay client options: ${describeIssues(parsed.error)}`,
    )
  }
  return { ...defaultTimings, ...parsed.data.timings }
}
