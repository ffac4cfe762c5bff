import { authenticate } from './auth/authenticate.js'
import { formatAuthMessage } from './auth/message.js'
import { approveSessionAuthenticate, rejectSessionAuthenticate } from './auth/respond.js'
import type { EngineContext } from './context.js'
import { engineContext } from './contextOf.js'
import { closeEngine, createEngine, type EngineOptions } from './create.js'
import { internalError } from './errors.js'
import { pair } from './pairing/pair.js'
import type { AuthRequest, Pairing, PendingRequest, Proposal, Session } from './schemas/index.js'
import { approve } from './session/approve.js'
import { connect } from './session/connect.js'
import { disconnect } from './session/disconnect.js'
import { emit } from './session/emit.js'
import { extend } from './session/extend.js'
import { find } from './session/find.js'
import { ping } from './session/ping.js'
import { reject } from './session/reject.js'
import { request } from './session/request.js'
import { respond } from './session/respond.js'
import { update } from './session/update.js'
import { StoreView } from './storeView.js'
import type {
  Acknowledged,
  ApproveParams,
  ApproveResult,
  ApproveSessionAuthenticateParams,
  AuthenticateParams,
  AuthenticateResult,
  ConnectParams,
  ConnectResult,
  DisconnectParams,
  EmitParams,
  ExtendParams,
  FindParams,
  FormatAuthMessageParams,
  PairParams,
  PingParams,
  RejectParams,
  RejectSessionAuthenticateParams,
  RequestParams,
  RespondParams,
  SignClientEvents,
  UpdateParams,
} from './types.js'
import { createEngineView, type EngineView } from './view.js'

export type SignClientOptions = EngineOptions

type Listener<Name extends keyof SignClientEvents> = (payload: SignClientEvents[Name]) => void

type Views = {
  session: StoreView<string, Session>
  proposal: StoreView<number, Proposal>
  pendingRequest: StoreView<number, PendingRequest>
  pairing: StoreView<string, Pairing>
  authRequests: StoreView<number, AuthRequest>
  engine: EngineView
}

/**
 * The WalletConnect v2 Sign client for both roles, with the official `@walletconnect/sign-client` API.
 * A thin facade: every behaviour is a function over the engine context in `engine/session/*` and
 * `engine/pairing/*`.
 */
export class SignClient {
  readonly protocol = 'wc'
  readonly version = 2
  readonly name: string
  readonly opts: SignClientOptions
  #ctx: EngineContext | undefined
  #views: Views | undefined
  #starting: Promise<void> | undefined

  constructor(opts: SignClientOptions) {
    this.opts = opts
    this.name = opts.metadata?.name ?? 'client'
  }

  static async init(opts: SignClientOptions): Promise<SignClient> {
    const client = new SignClient(opts)
    await client.initialize()
    return client
  }

  /** Starts the engine once: calls that overlap (or come later) share the one start. */
  initialize(): Promise<void> {
    this.#starting ??= this.#start()
    return this.#starting
  }

  async #start(): Promise<void> {
    const ctx = await createEngine(this.opts)
    this.#ctx = ctx
    this.#views = {
      session: new StoreView(ctx.stores.sessions, String),
      proposal: new StoreView(ctx.stores.proposals, Number),
      pendingRequest: new StoreView(ctx.stores.pendingRequests, Number),
      pairing: new StoreView(ctx.stores.pairings, String),
      authRequests: new StoreView(ctx.stores.authRequests, Number),
      engine: createEngineView(ctx.relay),
    }
  }

  get session(): Views['session'] {
    return this.#requireViews().session
  }

  get proposal(): Views['proposal'] {
    return this.#requireViews().proposal
  }

  get pendingRequest(): Views['pendingRequest'] {
    return this.#requireViews().pendingRequest
  }

  /** Pairings, also reachable as `core.pairing.pairings` as on the official client. */
  get pairing(): Views['pairing'] {
    return this.#requireViews().pairing
  }

  /** Sign-in requests waiting for the wallet's answer, as `auth.requests` on the official client. */
  get auth(): { requests: Views['authRequests'] } {
    return { requests: this.#requireViews().authRequests }
  }

  get core(): { pairing: { pairings: Views['pairing']; getPairings(): Pairing[] }; clientId: string } {
    const pairings = this.pairing
    return {
      pairing: { pairings, getPairings: () => pairings.getAll() },
      clientId: this.#engine().relay.clientId,
    }
  }

  /**
   * What an integrator may watch of the engine (the relay connection), read-only and frozen. The official
   * client's `engine` repeats the client's methods, which are on the client here.
   */
  get engine(): EngineView {
    return this.#requireViews().engine
  }

  /** The full engine context, for engine/ itself and engine tests only (see `contextOf.ts`). */
  [engineContext](): EngineContext {
    return this.#engine()
  }

  /**
   * The client's recent log lines (JSON, oldest first), at the `logger` level and up, capped at about
   * 1 MB: for an app's bug reports. Empty with a logger object, which keeps its own.
   */
  get logs(): string[] {
    return this.#engine().logs.lines
  }

  get metadata(): EngineContext['metadata'] {
    return this.#engine().metadata
  }

  on<Name extends keyof SignClientEvents>(event: Name, listener: Listener<Name>): this {
    this.#engine().events.on(event, listener)
    return this
  }

  once<Name extends keyof SignClientEvents>(event: Name, listener: Listener<Name>): this {
    this.#engine().events.once(event, listener)
    return this
  }

  off<Name extends keyof SignClientEvents>(event: Name, listener: Listener<Name>): this {
    this.#engine().events.off(event, listener)
    return this
  }

  removeListener<Name extends keyof SignClientEvents>(event: Name, listener: Listener<Name>): this {
    return this.off(event, listener)
  }

  removeAllListeners(event?: keyof SignClientEvents): this {
    this.#engine().events.removeAllListeners(event)
    return this
  }

  connect(params: ConnectParams): Promise<ConnectResult> {
    return this.#run(connect, params)
  }

  pair(params: PairParams): Promise<Pairing> {
    return this.#run(pair, params)
  }

  approve(params: ApproveParams): Promise<ApproveResult> {
    return this.#run(approve, params)
  }

  reject(params: RejectParams): Promise<void> {
    return this.#run(reject, params)
  }

  update(params: UpdateParams): Promise<Acknowledged> {
    return this.#run(update, params)
  }

  extend(params: ExtendParams): Promise<Acknowledged> {
    return this.#run(extend, params)
  }

  request<T = unknown>(params: RequestParams): Promise<T> {
    return this.#run(request<T>, params)
  }

  respond(params: RespondParams): Promise<void> {
    return this.#run(respond, params)
  }

  ping(params: PingParams): Promise<void> {
    return this.#run(ping, params)
  }

  emit(params: EmitParams): Promise<void> {
    return this.#run(emit, params)
  }

  disconnect(params: DisconnectParams): Promise<void> {
    return this.#run(disconnect, params)
  }

  find(params: FindParams): Session[] {
    return find(this.#engine(), params)
  }

  getPendingSessionRequests(): PendingRequest[] {
    return this.#engine().stores.pendingRequests.getAll()
  }

  authenticate(params: AuthenticateParams): Promise<AuthenticateResult> {
    return this.#run(authenticate, params)
  }

  approveSessionAuthenticate(
    params: ApproveSessionAuthenticateParams,
  ): Promise<{ session: Session | undefined }> {
    return this.#run(approveSessionAuthenticate, params)
  }

  rejectSessionAuthenticate(params: RejectSessionAuthenticateParams): Promise<void> {
    return this.#run(rejectSessionAuthenticate, params)
  }

  /** The CAIP-122 message the wallet signs for `iss` (`did:pkh:eip155:1:0x…`). */
  formatAuthMessage(params: FormatAuthMessageParams): string {
    this.#engine()
    return formatAuthMessage(params.request, params.iss)
  }

  /** Not in the official API (which never lets go of its socket): stops timers and closes the relay. */
  async close(): Promise<void> {
    if (this.#ctx !== undefined) await closeEngine(this.#ctx)
  }

  #engine(): EngineContext {
    if (this.#ctx === undefined || this.#ctx.closed) throw internalError('NOT_INITIALIZED', 'engine')
    return this.#ctx
  }

  #requireViews(): Views {
    this.#engine()
    return this.#views as Views
  }

  async #run<P, T>(call: (ctx: EngineContext, params: P) => Promise<T>, params: P): Promise<T> {
    return call(this.#engine(), params)
  }
}
