import { type Emitter, type Logger, unrefTimer } from '@pairwise/common'
import type { ClientCrypto } from '@pairwise/crypto'
import type { RelayClient } from '@pairwise/relay'
import type { Deferred } from './deferred.js'
import type { LinkModeApps } from './linkMode/apps.js'
import type { LinkModePort } from './linkMode/port.js'
import type { LogBuffer } from './logBuffer.js'
import type { PendingCalls } from './pendingCalls.js'
import type { AuthPayload, Cacao, Metadata, PendingRequest, Session } from './schemas/index.js'
import type { Expirer } from './store/expirer.js'
import type { RecentlyDeleted } from './store/recentlyDeleted.js'
import type { EngineStores } from './store/stores.js'
import type { Clock } from './time.js'
import type { SignClientEvents } from './types.js'
import type { VerifyRegistrar, VerifyResolver } from './verify/index.js'

export type EngineTimings = {
  /** Pause after each response before the next queued session request is handed out (1 s officially). */
  requestQueueDelayMs: number
  /** A ping resolves this long after its answer arrives, as the official client does (500 ms). */
  pingResponseDelayMs: number
  /**
   * In link mode, the link the app was opened with is taken this long after start (50 ms, CONST-20), so
   * the app has registered its event listeners by the time the message it carries is emitted.
   */
  linkModeInitialUrlDelayMs: number
}

export const defaultEngineTimings: EngineTimings = {
  requestQueueDelayMs: 1_000,
  pingResponseDelayMs: 500,
  linkModeInitialUrlDelayMs: 50,
}

/** A dapp-side session between the proposal response and the settle request. */
export type PendingSession = {
  proposalId: number
  pairingTopic: string
  sessionTopic: string
  publicKey: string
}

/** A dapp-side `authenticate()` waiting for the wallet's CACAOs or for its fallback session. */
export type PendingAuthentication = {
  authPayload: AuthPayload
  /** Our key for this request: the wallet answers on sha256 of it, and the session key derives from it. */
  publicKey: string
  pairingTopic: string
  responseTopic: string
  fallbackProposalId: number
  result: Deferred<{ auths?: Cacao[]; session?: Session }>
}

/** The wallet-side queue that hands out incoming session requests one at a time. */
export type SessionRequestQueue = { active: boolean; queue: PendingRequest[] }

/**
 * Everything the engine's behaviours share. One per client: nothing lives at module level, so several
 * clients in one process never see each other's state.
 */
export type EngineContext = {
  readonly relay: RelayClient
  readonly crypto: ClientCrypto
  readonly stores: EngineStores
  readonly expirer: Expirer
  readonly events: Emitter<SignClientEvents>
  readonly logger: Logger
  /** What the logger logged lately (about 1 MB), for bug reports. */
  readonly logs: LogBuffer
  readonly clock: Clock
  readonly metadata: Metadata
  readonly timings: EngineTimings
  readonly recentlyDeleted: RecentlyDeleted
  readonly verifyResolver: VerifyResolver | undefined
  readonly verifyUrl: string | undefined
  /** Registers our outgoing proposals and requests with the configured verify server; none without one. */
  readonly verifyRegistrar: VerifyRegistrar | undefined
  /** The platform's links for link mode; without it every message goes through the relay. */
  readonly linkMode: LinkModePort | undefined
  /** Universal links of the peers known to take link mode. */
  readonly linkModeApps: LinkModeApps
  /** Stops listening for links; called when the client closes. */
  stopLinkListener: () => void
  /** Answers to our requests, `connect()` approvals and `authenticate()` calls we wait on. */
  readonly calls: PendingCalls<PendingAuthentication>
  readonly pendingSessions: Map<number, PendingSession>
  /** Proposals an `approve()` is working on, so a second call for the same one fails fast. */
  readonly approving: Set<number>
  readonly requestQueue: SessionRequestQueue
  /**
   * Per topic, when (ms) its budget for answers the engine gives by itself is whole again
   * (transport/answerBudget.ts); a topic's entry goes with its key.
   */
  readonly answerBudgets: Map<string, number>
  /** Timers the client must cancel when it closes. */
  readonly timers: Set<ReturnType<typeof setTimeout>>
  /** Inbound messages are handled one after another, in arrival order. */
  inbound: Promise<void>
  /** The last request id this client made: ids made in one millisecond must still differ. */
  lastPayloadId: number
  closed: boolean
}

/** A timer owned by the client: cleared on close, and never keeping a Node process alive by itself. */
export function schedule(ctx: EngineContext, delayMs: number, run: () => void): void {
  if (ctx.closed) return
  const timer = setTimeout(() => {
    ctx.timers.delete(timer)
    if (!ctx.closed) run()
  }, delayMs)
  unrefTimer(timer)
  ctx.timers.add(timer)
}
