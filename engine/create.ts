import { describeIssues, Emitter, type Logger, type LogLevel } from '@pairwise/common'
import {
  bytesToHex,
  type ClientCrypto,
  createWebCrypto,
  hexToBytes,
  isCryptoError,
  type SigningKeyPair,
} from '@pairwise/crypto'
import { RelayClient, type RelayClientTimings, type SocketFactory } from '@pairwise/relay'
import { type KeyValueStorage, MemoryStorage, type ReportProblem } from '@pairwise/storage'
import { defaultEngineTimings, type EngineContext, type EngineTimings, schedule } from './context.js'
import { internalError } from './errors.js'
import { onExpired } from './expire.js'
import { onRelayMessage } from './inbound/route.js'
import { LinkModeApps } from './linkMode/apps.js'
import { listenForLinks } from './linkMode/listen.js'
import type { LinkModePort } from './linkMode/port.js'
import { LogBuffer } from './logBuffer.js'
import { createLogger } from './logger.js'
import { deletePairing } from './pairing/delete.js'
import { PendingCalls } from './pendingCalls.js'
import { deleteAuthRequest, deleteProposal } from './proposal/records.js'
import { type Metadata, MetadataSchema } from './schemas/index.js'
import { deleteSession } from './session/delete.js'
import { deletePendingRequest } from './session/pendingRequests.js'
import { processSessionRequestQueue } from './session/queue.js'
import { Expirer, idTarget, topicTarget } from './store/expirer.js'
import type { Keychain } from './store/keychain.js'
import { RecentlyDeleted } from './store/recentlyDeleted.js'
import { createStores, engineStorageKey, initStores } from './store/stores.js'
import { type Clock, isExpired, systemClock } from './time.js'
import { type VerifyFrame, type VerifyResolver, verifyRegistrar } from './verify/index.js'

export type EngineOptions = {
  projectId?: string
  /**
   * ws:// or wss:// URL of the relay. Required: unlike the official client, which falls back to the
   * vendor's hosted relay, Pairwise contacts no host the integrator did not configure.
   */
  relayUrl?: string
  metadata?: Metadata
  storage?: KeyValueStorage
  /** Separates several clients sharing one storage. */
  customStoragePrefix?: string
  logger?: LogLevel | 'silent' | Logger
  /** Told about every stored entry that failed validation at start-up (it is dropped). */
  onStorageProblem?: ReportProblem
  /** Asks a verify service about incoming proposals and requests; without it validation is UNKNOWN. */
  verifyResolver?: VerifyResolver
  /**
   * The verify server. A wallet shows it in verify contexts; a dapp registers each proposal, session
   * request and authenticate request there before publishing it (at most 2 s, then it goes out without an
   * attestation) and attaches the attestation. Nothing is registered without it.
   */
  verifyUrl?: string
  /**
   * What registers those messages from a context that proves the page's origin: in a browser, by default,
   * a hidden verify frame of `verifyUrl`; outside a browser there is none, and nothing is registered.
   */
  verifyFrame?: VerifyFrame
  clock?: Clock
  /**
   * Key agreement, signing and hashing. The platform's Web Crypto by default; `nobleCrypto` (from
   * '@pairwise/crypto/noble') for runtimes whose Web Crypto lacks X25519 or Ed25519.
   */
  crypto?: ClientCrypto
  timings?: Partial<EngineTimings>
  /**
   * Link mode: the platform's app links (`openUrl`, `initialUrl`, `subscribe`; React Native's `Linking`
   * fits in a few lines). A session request and its answer then travel as
   * `<peer universal link>?wc_ev=<envelope>&topic=<topic>` instead of through the relay, when both sides
   * set `metadata.redirect.linkMode` and a `redirect.universal` and the peer is known to take link mode
   * (a dapp learns it from the wallet's settlement or sign-in answer, a wallet from the dapp's first link).
   * Without it, everything goes through the relay.
   */
  linkMode?: LinkModePort
  relay?: { createSocket?: SocketFactory; timings?: Partial<RelayClientTimings>; userAgent?: string }
}

const RELAY_IDENTITY_TAG = 'client_ed25519_seed'

const fallbackMetadata: Metadata = { name: 'pairwise', description: '', url: '', icons: [] }

/** The relay identity persists, so the relay keeps delivering to the same client id after a restart. */
async function relayIdentity(keychain: Keychain, crypto: ClientCrypto): Promise<SigningKeyPair> {
  if (keychain.has(RELAY_IDENTITY_TAG)) {
    try {
      const secretKey = hexToBytes(keychain.get(RELAY_IDENTITY_TAG))
      return { secretKey, publicKey: await crypto.signingPublicKey(secretKey) }
    } catch (error) {
      if (isCryptoError(error) && error.code === 'UNSUPPORTED') throw error
      // A damaged identity is replaced below; peers know us by session keys, not by this one.
    }
  }
  const fresh = await crypto.generateSigningKeyPair()
  await keychain.set(RELAY_IDENTITY_TAG, bytesToHex(fresh.secretKey))
  return fresh
}

/** Builds a client's engine: loads its stores (dropping what is corrupt), then connects to the relay. */
export async function createEngine(options: EngineOptions): Promise<EngineContext> {
  const relayUrl = requireRelayUrl(options.relayUrl)
  const logs = new LogBuffer()
  const logger = createLogger(options.logger, logs)
  const storage = options.storage ?? new MemoryStorage()
  const onProblem: ReportProblem =
    options.onStorageProblem ?? ((problem) => logger.warn('dropped a corrupt entry', problem))
  const storeOptions = { storage, onProblem, customStoragePrefix: options.customStoragePrefix }
  const stores = createStores(storeOptions)
  const clock = options.clock ?? systemClock
  const expired: Parameters<typeof onExpired>[1][] = []
  let context: EngineContext | undefined
  const expirer = new Expirer({
    storage,
    storageKey: engineStorageKey(storeOptions, 'core', 'expirer'),
    onProblem,
    clock,
    onExpired: (target) => {
      if (context === undefined) {
        expired.push(target)
        return
      }
      const ctx = context
      ctx.inbound = ctx.inbound
        .then(() => onExpired(ctx, target))
        .catch((error: unknown) => {
          ctx.logger.error('expiry handling failed', { error: String(error) })
        })
    },
  })
  const linkModeApps = new LinkModeApps({
    storage,
    storageKey: engineStorageKey(storeOptions, 'core', 'linkModeApps'),
    onProblem,
  })
  await initStores(stores)
  await expirer.init()
  await linkModeApps.init()

  const crypto = options.crypto ?? createWebCrypto()
  const relay = new RelayClient({
    relayUrl,
    signingKeyPair: await relayIdentity(stores.keychain, crypto),
    crypto,
    logger,
    projectId: options.projectId,
    createSocket: options.relay?.createSocket,
    timings: options.relay?.timings,
    // An empty user agent means the default, as none does.
    userAgent: options.relay?.userAgent || undefined,
  })
  const parsedMetadata = MetadataSchema.safeParse(options.metadata)
  if (!parsedMetadata.success) {
    logger.warn('invalid metadata; peers see a placeholder', {
      problem: describeIssues(parsedMetadata.error),
    })
  }
  const ctx: EngineContext = {
    relay,
    crypto,
    stores,
    expirer,
    events: new Emitter((error, event) =>
      logger.error('a listener threw', { event: String(event), error: String(error) }),
    ),
    logger,
    logs,
    clock,
    metadata: parsedMetadata.success ? parsedMetadata.data : fallbackMetadata,
    timings: { ...defaultEngineTimings, ...options.timings },
    recentlyDeleted: new RecentlyDeleted(),
    verifyResolver: options.verifyResolver,
    verifyUrl: options.verifyUrl,
    verifyRegistrar:
      options.verifyUrl === undefined
        ? undefined
        : verifyRegistrar({
            url: options.verifyUrl,
            projectId: options.projectId,
            crypto,
            logger,
            frame: options.verifyFrame,
          }),
    linkMode: options.linkMode,
    linkModeApps,
    stopLinkListener: () => {},
    calls: new PendingCalls(),
    pendingSessions: new Map(),
    approving: new Set(),
    requestQueue: { active: false, queue: [] },
    answerBudgets: new Map(),
    timers: new Set(),
    inbound: Promise.resolve(),
    lastPayloadId: 0,
    closed: false,
  }
  await cleanup(ctx)
  context = ctx
  for (const target of expired.splice(0)) await onExpired(ctx, target)

  relay.on('message', (message) => onRelayMessage(ctx, message))
  // Relay problems need no listener here: the relay client logs each one on this same logger.
  const topics = [...stores.sessions.keys, ...stores.pairings.keys]
  if (topics.length > 0) {
    relay.batchSubscribe(topics).catch((error: unknown) => {
      logger.warn('resubscribe failed', {
        error: String(error),
      })
    })
  }
  // It fails only once closed, or when no auth token can be signed, which the relay client logs itself.
  relay.connect().catch(() => {})
  expirer.start()
  ctx.stopLinkListener = listenForLinks(ctx)
  schedule(ctx, ctx.timings.requestQueueDelayMs, () => {
    for (const request of stores.pendingRequests.getAll()) {
      if (!ctx.requestQueue.queue.some((queued) => queued.id === request.id))
        ctx.requestQueue.queue.push(request)
    }
    processSessionRequestQueue(ctx)
  })
  return ctx
}

/**
 * Start-up housekeeping: drops what expired while the client was down, sessions whose key is gone,
 * proposals, sign-in requests and requests whose pairing or session no longer exists, and the received
 * request ids of topics whose key is gone (a crash between the deletes); makes sure everything alive has
 * an expiry armed.
 */
async function cleanup(ctx: EngineContext): Promise<void> {
  const { stores, clock } = ctx
  for (const { topic, expiry } of stores.sessions.getAll()) {
    await sweep(ctx, topicTarget(topic), expiry, stores.keychain.has(topic), () =>
      deleteSession(ctx, { topic, emitEvent: false }),
    )
  }
  for (const { topic, expiry } of stores.pairings.getAll()) {
    await sweep(ctx, topicTarget(topic), expiry, stores.keychain.has(topic), () => deletePairing(ctx, topic))
  }
  // Proposals and sign-in requests whose pairing is gone can never be answered, and must not hold places
  // under the proposal caps.
  for (const { id, pairingTopic, expiryTimestamp } of stores.proposals.getAll()) {
    await sweep(ctx, idTarget(id), expiryTimestamp, stores.pairings.has(pairingTopic), () =>
      deleteProposal(ctx, id),
    )
  }
  for (const { id, pairingTopic, expiryTimestamp } of stores.authRequests.getAll()) {
    await sweep(ctx, idTarget(id), expiryTimestamp, stores.pairings.has(pairingTopic), () =>
      deleteAuthRequest(ctx, id),
    )
  }
  // A request whose expiry is lost (a damaged record) would be held for good: every held one has its own.
  for (const { id, topic } of stores.pendingRequests.getAll()) {
    if (!stores.sessions.has(topic) || !ctx.expirer.has(idTarget(id))) await deletePendingRequest(ctx, id)
  }
  for (const record of stores.history.getAll()) {
    if (isExpired(clock, record.expiry)) await stores.history.delete(String(record.id))
  }
  for (const { topic } of stores.received.getAll()) {
    if (!stores.keychain.has(topic)) await stores.received.delete(topic)
  }
}

/** Drops an entry that expired or lost what it belongs to; else makes sure its expiry is armed. */
async function sweep(
  ctx: EngineContext,
  target: string,
  expiry: number,
  belongs: boolean,
  drop: () => Promise<void>,
): Promise<void> {
  if (isExpired(ctx.clock, expiry) || !belongs) await drop()
  else if (!ctx.expirer.has(target)) await ctx.expirer.set(target, expiry)
}

/** Stops the engine: timers, the expirer, waiting calls (rejected) and the relay connection. */
export async function closeEngine(ctx: EngineContext): Promise<void> {
  if (ctx.closed) return
  ctx.closed = true
  ctx.stopLinkListener()
  ctx.expirer.stop()
  for (const timer of ctx.timers) clearTimeout(timer)
  ctx.timers.clear()
  ctx.calls.cancelAll({ code: 0, message: 'The client was closed.' })
  await ctx.relay.close()
  await ctx.inbound
}

/** The relay the integrator configured; refusing to guess keeps every connection one they chose. */
function requireRelayUrl(relayUrl: string | undefined): string {
  const invalid = (why: string) =>
    internalError('MISSING_OR_INVALID', `relayUrl: ${why} (run one with \`npx pairwise relay\`)`)
  if (relayUrl === undefined || relayUrl === '') throw invalid('no relay configured')
  let protocol: string
  try {
    protocol = new URL(relayUrl).protocol
  } catch {
    throw invalid(`'${relayUrl}' is not a URL`)
  }
  if (protocol !== 'ws:' && protocol !== 'wss:') throw invalid(`'${relayUrl}' is not a ws:// or wss:// URL`)
  return relayUrl
}
