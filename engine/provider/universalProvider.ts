import type { Logger } from '@pairwise/common'
import { Emitter } from '@pairwise/common'
import { MemoryStorage } from '@pairwise/storage'
import { SignClient } from '../client.js'
import { engineContextOf } from '../contextOf.js'
import { getSdkError, SignClientError } from '../errors.js'
import { formatResult, payloadId } from '../jsonrpc/index.js'
import { createLogger } from '../logger.js'
import { chainsOfNamespace, mergeRequiredIntoOptional, parseAccountId } from '../namespaces/index.js'
import { deletePairing } from '../pairing/delete.js'
import type { ProposalNamespaces, Session, SessionNamespace } from '../schemas/index.js'
import type { AuthenticateParams, SignClientEvents } from '../types.js'
import {
  eip155ChainOf,
  isUsableChain,
  namespaceOfChain,
  reportedChainId,
  rpcUrlOf,
  sessionNamespace,
} from './chains.js'
import {
  addressesOn,
  answerLocally,
  assertEip155Params,
  type Eip155Route,
  getCallsStatus,
  isAnsweredLocally,
  sessionCapabilities,
} from './eip155.js'
import {
  namespaceNotConfiguredError,
  noRpcUrlError,
  notConnectedError,
  notInitializedError,
  ProviderErrorCode,
  ProviderRpcError,
} from './errors.js'
import { HttpRpcConnection } from './httpRpc.js'
import { PairingAttempt } from './pairingAttempt.js'
import { ProviderStateStore } from './state.js'
import type {
  Eip1193Provider,
  NamespaceConfigs,
  PairingsCleanupOpts,
  ProviderConnectParams,
  ProviderEventMap,
  ProviderEvents,
  ProviderSignInResult,
  RequestArguments,
  SendAsyncCallback,
  UniversalProviderOptions,
} from './types.js'

type Listener<Name extends keyof ProviderEventMap> = (payload: ProviderEventMap[Name]) => void

/** What the next proposal asks for: the last `connect()`'s namespaces and properties. */
type Asked = Pick<ProviderConnectParams, 'optionalNamespaces' | 'sessionProperties' | 'scopedProperties'>

/**
 * The provider's own events: a session event of one of these names is not passed on under it, or a
 * wallet could fake a disconnect or a pairing URI. The record type keeps it in step with ProviderEvents.
 */
const OWN_EVENTS: Record<keyof ProviderEvents, true> = {
  display_uri: true,
  connect: true,
  disconnect: true,
  chainChanged: true,
  accountsChanged: true,
  session_event: true,
  session_update: true,
  session_delete: true,
}
const isOwnEvent = (name: string): boolean => Object.hasOwn(OWN_EVENTS, name)

/** Methods only a wallet may answer: never sent to an RPC node, even when the session does not grant them. */
const isWalletMethod = (method: string): boolean =>
  /^(personal_|eth_sign|eth_sendTransaction$|wallet_)/.test(method)

const paramsList = (params: RequestArguments['params']): unknown[] =>
  Array.isArray(params) ? params : params === undefined ? [] : [params]

/** Requested namespaces as the wallet sees them: without the provider's own rpcMap and defaultChain. */
function forWallet(namespaces: NamespaceConfigs): ProposalNamespaces {
  return Object.fromEntries(
    Object.entries(namespaces).map(([name, { chains, methods, events }]) => [
      name,
      { ...(chains === undefined ? {} : { chains }), methods, events },
    ]),
  )
}

/**
 * The "universal provider": one EIP-1193 provider over a WalletConnect session, whatever namespaces it
 * holds. A request goes to the chain it names, else to its namespace's default chain (PROV-01); methods
 * the session grants go to the wallet, eip155 account and chain queries are answered from the session,
 * and every other read goes to the chain's RPC url over HTTP. viem's `custom(provider)` works over it.
 *
 * What a reload needs (which session, rpcMap, default chains) is kept under `wc@2:universal_provider:`
 * in the client's storage, so a provider made after a reload holds the session at once.
 */
export class UniversalProvider implements Eip1193Provider {
  /** The pairing URI of the last `connect()`, as `display_uri` announced it. */
  uri: string | undefined
  readonly #options: UniversalProviderOptions
  readonly #logger: Logger
  readonly #events: Emitter<ProviderEventMap>
  readonly #rpc = new Map<string, HttpRpcConnection>()
  readonly #detach: (() => void)[] = []
  /** The `connect()` calls still waiting for a wallet. */
  readonly #attempts = new Set<PairingAttempt>()
  #client: SignClient | undefined
  #state: ProviderStateStore | undefined
  #topic: string | undefined
  #namespaces: NamespaceConfigs = {}
  #asked: Asked | undefined
  /** What the session granted when last seen: an update is compared with it to keep the chain in use. */
  #granted: Session['namespaces'] | undefined
  /** Storage writes, in call order; `close()` waits for them. */
  #writes: Promise<void> = Promise.resolve()
  #starting: Promise<void> | undefined

  constructor(options: UniversalProviderOptions) {
    this.#options = options
    this.#logger = createLogger(options.logger)
    this.#events = new Emitter((error, event) =>
      this.#logger.error('a provider event listener threw', { event, error: String(error) }),
    )
  }

  /** Makes the provider and its client (or takes `client`), and picks up a stored session. */
  static async init(options: UniversalProviderOptions): Promise<UniversalProvider> {
    const provider = new UniversalProvider(options)
    await provider.initialize()
    return provider
  }

  /** Idempotent: concurrent calls share one start-up. */
  initialize(): Promise<void> {
    this.#starting ??= this.#start()
    return this.#starting
  }

  async #start(): Promise<void> {
    const {
      client: given,
      session: _session,
      rpcMap: _rpcMap,
      userOperationReceipt: _userOperationReceipt,
      ...clientOptions
    } = this.#options
    const client = given ?? (await SignClient.init(clientOptions))
    const storage = this.#options.storage ?? client.opts.storage ?? new MemoryStorage()
    const prefix = this.#options.customStoragePrefix ?? client.opts.customStoragePrefix
    this.#state = new ProviderStateStore(storage, this.#logger, prefix)
    this.#client = client
    this.#listen(client)
    await this.#restore(client)
  }

  get client(): SignClient {
    if (this.#client === undefined) throw notInitializedError()
    return this.#client
  }

  /** The session requests go over, if connected. */
  get session(): Session | undefined {
    const client = this.#client
    const topic = this.#topic
    if (client === undefined || topic === undefined || !client.session.keys.includes(topic)) return undefined
    return client.session.get(topic)
  }

  /** The namespaces asked for, with the default chain each request goes to. */
  get namespaces(): NamespaceConfigs {
    return structuredClone(this.#namespaces)
  }

  get isWalletConnect(): true {
    return true
  }

  on<Name extends keyof ProviderEventMap>(event: Name, listener: Listener<Name>): this {
    this.#events.on(event, listener)
    return this
  }

  once<Name extends keyof ProviderEventMap>(event: Name, listener: Listener<Name>): this {
    this.#events.once(event, listener)
    return this
  }

  off<Name extends keyof ProviderEventMap>(event: Name, listener: Listener<Name>): this {
    this.#events.off(event, listener)
    return this
  }

  removeListener<Name extends keyof ProviderEventMap>(event: Name, listener: Listener<Name>): this {
    return this.off(event, listener)
  }

  /**
   * Proposes a session: `display_uri` carries the pairing URI for the wallet, and the promise resolves
   * with the session once the wallet approves (`connect` fires too). A proposal that expires unanswered
   * is made again on a new pairing, announced by another `display_uri`, as the official provider does;
   * a wallet's rejection fails the call, and so does `abortPairingAttempt()`. With `skipPairing` it only
   * keeps what to ask for, for `pair()` or `enable()`, and resolves with nothing. Either way it first
   * stops listening on the client's other pairings, as `cleanupPendingPairings()` does.
   */
  connect(params: ProviderConnectParams & { skipPairing: true }): Promise<undefined>
  connect(params: ProviderConnectParams & { skipPairing?: false }): Promise<Session>
  connect(params: ProviderConnectParams): Promise<Session | undefined>
  async connect(params: ProviderConnectParams): Promise<Session | undefined> {
    if (this.#client === undefined) throw notInitializedError()
    const namespaces = mergeRequiredIntoOptional(params.namespaces ?? {}, params.optionalNamespaces ?? {})
    for (const [name, config] of [
      ...Object.entries(params.namespaces ?? {}),
      ...Object.entries(params.optionalNamespaces ?? {}),
    ]) {
      const merged = namespaces[namespaceOfChain(name)]
      if (merged !== undefined && config.defaultChain !== undefined) merged.defaultChain = config.defaultChain
    }
    this.#asked = {
      optionalNamespaces: namespaces,
      ...(params.sessionProperties === undefined ? {} : { sessionProperties: params.sessionProperties }),
      ...(params.scopedProperties === undefined ? {} : { scopedProperties: params.scopedProperties }),
    }
    // Not awaited, as the official provider does: a slow relay must not hold up the proposal. The pairing
    // it is to go out on is spared, or the unsubscribe could land after the proposal and lose the answer.
    void this.#cleanupPairings({}, params.pairingTopic)
    if (params.skipPairing === true) return undefined
    return this.pair(params.pairingTopic)
  }

  /**
   * Proposes what the last `connect()` asked for (else the namespaces of the session held last) on
   * `pairingTopic` if it is an active pairing, else on a new one announced by `display_uri`; resolves
   * with the session as `connect()` does.
   */
  async pair(pairingTopic: string | undefined): Promise<Session> {
    const client = this.client
    const { optionalNamespaces, sessionProperties, scopedProperties } = this.#asked ?? {
      optionalNamespaces: this.#namespaces,
    }
    const namespaces = structuredClone(optionalNamespaces ?? {})
    const attempt = new PairingAttempt(client, {
      optionalNamespaces: forWallet(namespaces),
      ...(pairingTopic === undefined ? {} : { pairingTopic }),
      ...(sessionProperties === undefined ? {} : { sessionProperties }),
      ...(scopedProperties === undefined ? {} : { scopedProperties }),
    })
    this.#attempts.add(attempt)
    let session: Session
    try {
      session = await attempt.settle((uri) => {
        this.uri = uri
        this.#events.emit('display_uri', uri)
      })
    } finally {
      this.#attempts.delete(attempt)
    }
    await this.#adopt(session, namespaces)
    this.#events.emit('connect', { session })
    return session
  }

  /**
   * Stops listening on the client's pairings, or with `deletePairings` forgets them, as the official
   * provider does. A pairing that a proposal of this client still waits on is kept: the wallet answers on
   * it. A pairing that cannot be cleaned up is logged and left.
   */
  cleanupPendingPairings(opts: PairingsCleanupOpts = {}): Promise<void> {
    return this.#cleanupPairings(opts, undefined)
  }

  /**
   * Stops every `connect()` still waiting for a wallet: each fails with the 'Pairing aborted' error
   * (4001), its open proposal and the pairing made for it are forgotten, and no further URI is announced.
   * Resolves once that is done.
   */
  async abortPairingAttempt(): Promise<void> {
    const cleanupFailed = (error: unknown) =>
      this.#logger.warn('an aborted pairing attempt left stored state behind', { error: String(error) })
    await Promise.all([...this.#attempts].map((attempt) => attempt.abort().catch(cleanupFailed)))
  }

  /**
   * Signs in (CAIP-122 / SIWE) and, through the recap, asks for `methods` in one step: `display_uri`
   * carries the pairing URI; resolves with the wallet's CACAOs (checked by the engine) and, when they
   * grant methods, the session, which the provider then speaks over (`connect` fires). Reads go to the
   * provider's `rpcMap`.
   */
  async authenticate(params: AuthenticateParams): Promise<ProviderSignInResult> {
    const { uri, response } = await this.client.authenticate(params)
    this.uri = uri
    this.#events.emit('display_uri', uri)
    const result = await response()
    if (result.session !== undefined) {
      await this.#adopt(result.session, {})
      this.#events.emit('connect', { session: result.session })
    }
    return result
  }

  /**
   * Connects with the namespaces last asked for, unless connected; resolves with the addresses on the
   * chain requests go to, as `eth_requestAccounts` and the official provider (EIP-1102) answer.
   */
  async enable(): Promise<string[]> {
    return this.#grantedAccounts(
      this.session ?? (await this.connect(this.#asked ?? { optionalNamespaces: this.#namespaces })),
    )
  }

  /**
   * Sends a request over the session on `chainId` (CAIP-2, or a bare namespace for its default chain);
   * without it, on the first namespace's default chain. `expiry` (seconds) bounds the wallet's answer.
   */
  async request<T = unknown>(args: RequestArguments, chainId?: string, expiry?: number): Promise<T> {
    if (this.#client === undefined) throw notInitializedError()
    const session = this.session
    if (session === undefined) throw notConnectedError()
    const chain = this.#resolveChain(session, chainId)
    const namespace = this.#sessionNamespace(session, namespaceOfChain(chain))
    const params = paramsList(args.params)
    const forward = (method: string, forwarded: unknown, on: string) =>
      this.#forward(session.topic, method, forwarded, on, expiry)
    const route: Eip155Route = {
      chainId: chain,
      namespace,
      switchTo: (target) => this.setDefaultChain(target),
      forward,
    }
    if (namespaceOfChain(chain) === 'eip155') {
      if (isAnsweredLocally(args.method)) return (await answerLocally(route, args.method, params)) as T
      assertEip155Params(args.method, params)
      if (args.method === 'wallet_getCapabilities') {
        const stated = sessionCapabilities(session.sessionProperties?.capabilities, params)
        if (stated !== undefined) return stated as T
      }
      if (args.method === 'wallet_getCallsStatus')
        return (await getCallsStatus(
          route,
          params,
          {
            bundlerName: session.sessionProperties?.bundler_name,
            bundlerUrl: session.sessionProperties?.bundler_url,
            byName: this.#options.userOperationReceipt,
          },
          (error) =>
            this.#logger.warn('fetching the call status from the bundler failed', { error: String(error) }),
        )) as T
    }
    if (namespace.methods.includes(args.method))
      return (await forward(args.method, args.params ?? [], chain)) as T
    if (isWalletMethod(args.method))
      throw new ProviderRpcError(
        ProviderErrorCode.unsupportedMethod,
        `The session does not grant ${args.method} on ${chain}`,
      )
    return this.#connection(chain).request<T>(args.method, args.params ?? [])
  }

  /**
   * `request()` with a callback, for apps written against legacy providers: the answer comes as a
   * JSON-RPC result, an error as the callback's first argument.
   */
  sendAsync(args: RequestArguments, callback: SendAsyncCallback, chainId?: string, expiry?: number): void {
    this.request(args, chainId, expiry).then(
      (result) => callback(null, formatResult(payloadId(), result)),
      (error: unknown) =>
        callback(
          error instanceof Error ? error : new ProviderRpcError(ProviderErrorCode.internal, String(error)),
        ),
    )
  }

  /**
   * Makes `chainId` (CAIP-2) its namespace's default chain, optionally with the RPC url for it; emits
   * `chainChanged` when it changes. Without a session there is nothing to switch and it does nothing.
   */
  setDefaultChain(chainId: string, rpcUrl?: string): void {
    const session = this.session
    if (session === undefined) return
    const name = namespaceOfChain(chainId)
    this.#resolveChain(session, chainId)
    const config = this.#namespaces[name] ?? { methods: [], events: [] }
    if (rpcUrl !== undefined) config.rpcMap = { ...config.rpcMap, [chainId]: rpcUrl }
    const previous = this.#defaultChain(session, name)
    config.defaultChain = chainId
    this.#namespaces[name] = config
    void this.#persist(session.topic)
    if (previous === chainId) return
    this.#events.emit('chainChanged', reportedChainId(chainId))
    // A wallet may grant other accounts on the new chain: eth_accounts now answers differently, and
    // EIP-1193 says so with accountsChanged, as the official provider does on a chain change. Not with
    // none, on a chain the wallet switched to unapproved: apps (wagmi) take an empty list for a disconnect.
    const namespace = this.#sessionNamespace(session, name)
    const accounts = addressesOn(namespace, chainId)
    if (accounts.length > 0 && accounts.join() !== addressesOn(namespace, previous).join())
      this.#events.emit('accountsChanged', accounts)
  }

  /** Ends the session with the wallet and forgets it; `disconnect` fires. */
  async disconnect(): Promise<void> {
    const client = this.client
    const session = this.session
    if (session !== undefined) {
      await client.disconnect({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') })
      await this.#end(session.topic)
    }
  }

  /** Not in the official API: aborts pending connects, stops listening, and closes the client if the provider made it. */
  async close(): Promise<void> {
    await this.abortPairingAttempt()
    for (const detach of this.#detach.splice(0)) detach()
    await this.#writes
    for (const connection of this.#rpc.values()) connection.close()
    this.#rpc.clear()
    if (this.#options.client === undefined) await this.#client?.close()
  }

  async #cleanupPairings({ deletePairings }: PairingsCleanupOpts, spared: string | undefined): Promise<void> {
    const ctx = engineContextOf(this.client)
    const answerAwaited = new Set(
      ctx.stores.proposals
        .getAll()
        .filter(({ id }) => ctx.calls.approval(id) !== undefined)
        .map(({ pairingTopic }) => pairingTopic),
    )
    const stale = ctx.stores.pairings.keys.filter((topic) => topic !== spared && !answerAwaited.has(topic))
    await Promise.all(
      stale.map((topic) =>
        (deletePairings === true ? deletePairing(ctx, topic) : ctx.relay.unsubscribe(topic)).catch(
          (error: unknown) =>
            this.#logger.warn('could not clean up a pairing', { topic, error: String(error) }),
        ),
      ),
    )
  }

  async #restore(client: SignClient): Promise<void> {
    const stored = await this.#state?.load()
    const sessions = client.session.getAll()
    const session =
      sessions.find((candidate) => candidate.topic === this.#options.session?.topic) ??
      sessions.find((candidate) => candidate.topic === stored?.topic) ??
      sessions.reduce<Session | undefined>(
        (newest, candidate) =>
          newest === undefined || candidate.expiry > newest.expiry ? candidate : newest,
        undefined,
      )
    if (session === undefined) {
      if (stored !== undefined) await this.#forgetState()
      return
    }
    await this.#adopt(session, stored?.topic === session.topic ? stored.namespaces : {})
  }

  /** Takes `session` as the one to speak over; the chains it settled on replace unapproved defaults. */
  async #adopt(session: Session, namespaces: NamespaceConfigs): Promise<void> {
    this.#topic = session.topic
    this.#granted = structuredClone(session.namespaces)
    this.#namespaces = namespaces
    for (const [name, config] of Object.entries(namespaces)) {
      const approved = sessionNamespace(session, name)
      if (
        config.defaultChain !== undefined &&
        !chainsOfNamespace(approved ?? { accounts: [] }).includes(config.defaultChain)
      )
        delete config.defaultChain
    }
    await this.#persist(session.topic)
  }

  #persist(topic: string): Promise<void> {
    const state = { topic, namespaces: structuredClone(this.#namespaces) }
    return this.#write(async (store) => store.save(state))
  }

  #write(change: (store: ProviderStateStore) => Promise<void>): Promise<void> {
    const store = this.#state
    if (store === undefined) return this.#writes
    this.#writes = this.#writes
      .then(() => change(store))
      .catch((error: unknown) => {
        this.#logger.warn('could not store the provider state', { error: String(error) })
      })
    return this.#writes
  }

  #sessionNamespace(session: Session, name: string): SessionNamespace {
    const namespace = sessionNamespace(session, name)
    if (namespace === undefined) throw namespaceNotConfiguredError(name)
    return namespace
  }

  /** PROV-01: the chain named, a bare namespace's default chain, else the first namespace's default chain. */
  #resolveChain(session: Session, chainId: string | undefined): string {
    if (chainId !== undefined) {
      const name = namespaceOfChain(chainId)
      this.#sessionNamespace(session, name)
      if (!isUsableChain(chainId))
        throw new ProviderRpcError(
          ProviderErrorCode.chainDisconnected,
          `${chainId} is not an EIP-155 chain id`,
        )
      return chainId.includes(':') ? chainId : this.#defaultChain(session, name)
    }
    const asked = Object.keys(this.#namespaces).filter(
      (name) => sessionNamespace(session, name) !== undefined,
    )
    const name = asked[0] ?? namespaceOfChain(Object.keys(session.namespaces)[0] ?? '')
    return this.#defaultChain(session, name)
  }

  #defaultChain(session: Session, name: string): string {
    const configured = this.#namespaces[name]?.defaultChain
    if (configured !== undefined) return configured
    const first = chainsOfNamespace(this.#sessionNamespace(session, name))[0]
    if (first === undefined) throw namespaceNotConfiguredError(name)
    return first
  }

  #connection(chainId: string): HttpRpcConnection {
    const url =
      rpcUrlOf(this.#namespaces[namespaceOfChain(chainId)]?.rpcMap, chainId) ??
      rpcUrlOf(this.#options.rpcMap, chainId)
    if (url === undefined) throw noRpcUrlError(chainId)
    let connection = this.#rpc.get(url)
    if (connection === undefined) {
      connection = new HttpRpcConnection({ url })
      this.#rpc.set(url, connection)
    }
    return connection
  }

  async #forward(
    topic: string,
    method: string,
    params: unknown,
    chainId: string,
    expiry: number | undefined,
  ): Promise<unknown> {
    try {
      return await this.client.request({
        topic,
        chainId,
        request: { method, params },
        ...(expiry === undefined ? {} : { expiry }),
      })
    } catch (error) {
      if (error instanceof SignClientError) throw new ProviderRpcError(error.code, error.message, error.data)
      throw error
    }
  }

  #listen(client: SignClient): void {
    const mine = (topic: string) => topic === this.#topic
    const onEvent = (payload: SignClientEvents['session_event']): void => {
      if (!mine(payload.topic)) return
      this.#onSessionEvent(payload)
      this.#events.emit('session_event', payload)
    }
    const onUpdate = (payload: SignClientEvents['session_update']): void => {
      if (!mine(payload.topic)) return
      this.#onSessionUpdate()
      this.#events.emit('session_update', payload)
    }
    const onDelete = (payload: SignClientEvents['session_delete']): void => {
      if (mine(payload.topic)) void this.#end(payload.topic, payload)
    }
    const onExpire = ({ topic }: SignClientEvents['session_expire']): void => {
      if (mine(topic)) void this.#end(topic)
    }
    client.on('session_event', onEvent)
    client.on('session_update', onUpdate)
    client.on('session_delete', onDelete)
    client.on('session_expire', onExpire)
    this.#detach.push(
      () => client.off('session_event', onEvent),
      () => client.off('session_update', onUpdate),
      () => client.off('session_delete', onDelete),
      () => client.off('session_expire', onExpire),
    )
  }

  #onSessionEvent({ params }: SignClientEvents['session_event']): void {
    const session = this.session
    if (session === undefined) return
    const { name, data } = params.event
    if (name !== 'chainChanged' && name !== 'accountsChanged') {
      if (isOwnEvent(name))
        this.#logger.warn('a session event named as one of the provider events was not passed on', { name })
      else this.#events.emit(name, data)
      return
    }
    const namespaceName = namespaceOfChain(params.chainId)
    const namespace = sessionNamespace(session, namespaceName)
    if (namespace === undefined) return
    if (name === 'chainChanged') {
      const chain = namespaceName === 'eip155' ? (eip155ChainOf(data) ?? params.chainId) : params.chainId
      if (chainsOfNamespace(namespace).includes(chain)) this.setDefaultChain(chain)
    } else if (name === 'accountsChanged' && Array.isArray(data)) {
      // The peer's word, held to the session: each entry is taken as a CAIP-10 account, or as an address on
      // the event's chain, and kept (as the session spells it) only when the session grants it on that
      // chain. A list naming no granted account is dropped; an empty one still means no account.
      const granted = addressesOn(namespace, params.chainId)
      const fold = (address: string) => (namespaceName === 'eip155' ? address.toLowerCase() : address)
      const accounts = data.flatMap((entry) => {
        const account =
          typeof entry === 'string'
            ? (parseAccountId(entry) ?? parseAccountId(`${params.chainId}:${entry}`))
            : undefined
        const match =
          account?.chainId === params.chainId
            ? granted.find((address) => fold(address) === fold(account.address))
            : undefined
        return match === undefined ? [] : [match]
      })
      if (accounts.length > 0 || data.length === 0)
        this.#events.emit('accountsChanged', [...new Set(accounts)])
      else
        this.#logger.warn('dropped an accountsChanged naming no account the session grants', {
          chainId: params.chainId,
        })
    }
  }

  /**
   * Keeps each namespace on the chain requests went to before the update while the wallet still grants
   * it (a reordered chain list moves nothing), else moves it to the first chain granted and says so with
   * `chainChanged`; then reports the accounts the session grants.
   */
  #onSessionUpdate(): void {
    const session = this.session
    if (session === undefined) return
    const before = this.#granted
    this.#granted = structuredClone(session.namespaces)
    const names = new Set([
      ...Object.keys(this.#namespaces),
      ...Object.keys(before ?? {}).map(namespaceOfChain),
    ])
    for (const name of names) {
      const config = this.#namespaces[name] ?? { methods: [], events: [] }
      const earlier = before && sessionNamespace({ namespaces: before } as Session, name)
      const previous = config.defaultChain ?? (earlier && chainsOfNamespace(earlier)[0])
      if (previous === undefined) continue
      const namespace = sessionNamespace(session, name)
      const chains = namespace === undefined ? [] : chainsOfNamespace(namespace)
      if (chains.includes(previous)) {
        config.defaultChain = previous
        this.#namespaces[name] = config
        continue
      }
      delete config.defaultChain
      const next = chains[0]
      if (next !== undefined) this.#events.emit('chainChanged', reportedChainId(next))
    }
    void this.#persist(session.topic)
    this.#events.emit('accountsChanged', this.#grantedAccounts(session))
  }

  /** The addresses on the chain requests go to; none when the session leaves no chain to go to. */
  #grantedAccounts(session: Session): string[] {
    try {
      const chain = this.#resolveChain(session, undefined)
      return addressesOn(this.#sessionNamespace(session, namespaceOfChain(chain)), chain)
    } catch {
      return []
    }
  }

  /** The session is over: `session_delete` (when the wallet ended it), then `disconnect`. */
  async #end(topic: string, deleted?: SignClientEvents['session_delete']): Promise<void> {
    if (this.#topic !== topic) return
    this.#topic = undefined
    if (deleted !== undefined) this.#events.emit('session_delete', deleted)
    const { code, message } = getSdkError('USER_DISCONNECTED')
    this.#events.emit('disconnect', new ProviderRpcError(code, message, topic))
    await this.#forgetState()
  }

  #forgetState(): Promise<void> {
    return this.#write((store) => store.clear())
  }
}
