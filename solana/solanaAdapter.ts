import { Emitter } from '@pairwise/common'
import type {
  AdapterContext,
  Balance,
  CaipNetwork,
  ChainAdapter,
  ConnectorInfo,
  ConnectParams,
  ConnectResult,
  MultiNamespace,
} from '@pairwise/modal/adapter'
import {
  disconnectForApp,
  isSolanaAddress,
  multiNamespace,
  onSessionEnd,
  safeUrl,
  type WalletConnectSession,
  type WalletConnectTransport,
  WalletError,
  walletConnectConnectorId,
  withWalletConnect,
} from '@pairwise/modal/adapter'
import { getWallets, type Wallets } from '@wallet-standard/app'
import { formatUnits } from 'viem'
import { usableAccounts } from './accounts.js'
import { type SolanaChain, solanaChainOf } from './chains.js'
import type { PriorityFee } from './computeBudget.js'
import { type ConfirmOptions, defaultConfirmOptions } from './confirm.js'
import { watchWallets } from './discovery.js'
import { SolanaError } from './errors.js'
import { isPreflightCommitment, type PreflightCommitment } from './preflight.js'
import { type SolanaProvider, type SolanaProviderEvents, solanaProvider } from './provider.js'
import { SolanaRpcs } from './rpc.js'
import type { SolanaSigner } from './signer.js'
import { standardSigner } from './standardSigner.js'
import { type TokenAccountBalance, tokenBalances } from './tokens.js'
import { walletConnectSigner } from './walletConnectSigner.js'
import { isUsableSolanaWallet } from './walletFilter.js'
import { featureOf, type Wallet, type WalletAccount } from './walletStandard.js'

export type SolanaAdapterOptions = {
  /** The Wallet Standard registry to follow; the page's (`getWallets()`) by default. */
  registry?: () => Wallets
  /**
   * AppKit's `new SolanaAdapter({ projectId })`, taken so its setup compiles unchanged: the project id the modal
   * uses is `createAppKit`'s, as for every adapter.
   */
  projectId?: string | undefined
  /** The preflight commitment of every send (VAL-05); `confirmed` by default. */
  preflightCommitment?: PreflightCommitment
  /** A priority fee added to the transfers the adapter builds; none by default. */
  priorityFee?: PriorityFee
  /** How confirmations are awaited: poll interval and ceiling in ms. */
  confirmation?: Partial<Omit<ConfirmOptions, 'sleep'>>
}

type Connection = {
  signer: SolanaSigner
  network: CaipNetwork
  off: () => void
  /** What the connection's provider tells the app's listeners. */
  events: Emitter<SolanaProviderEvents>
  /** The page's wallet behind a Wallet Standard connection; none for WalletConnect. */
  wallet?: Wallet
  /** The session's Solana accounts (CAIP-10) behind a WalletConnect connection. */
  sessionAccounts?: string[]
  /**
   * The one provider apps get for this connection, as AppKit's is one object: a new one per call would
   * rerun an app's effects that depend on it at every render.
   */
  provider?: SolanaProvider
}

/**
 * The solana namespace over the Wallet Standard and `@solana/kit`: wallets are found in the page's registry,
 * connected with `standard:connect` (silently on reload), and read through each network's own RPC, or for a
 * listed one the hosted RPC the app configured (./rpc.ts). Solana has no network switch in the standard: a
 * switch changes the RPC and the `chain` named in each request, for networks the wallet lists.
 */
export class SolanaAdapter implements ChainAdapter {
  readonly namespace = 'solana' as const
  /** The modal's multi-namespace code, which an app gets with this adapter (controllers/context.ts). */
  readonly multiNamespace: MultiNamespace = multiNamespace
  readonly #options: SolanaAdapterOptions
  readonly #preflight: PreflightCommitment
  readonly #rpcs = new SolanaRpcs(() => ({
    projectId: this.#context?.projectId,
    hostedBase: this.#context?.hostedRpcUrl,
  }))
  readonly #connections = new Map<string, Connection>()
  /** The page's wallets the adapter lists, by connector id. */
  #wallets: ReadonlyMap<string, Wallet> = new Map()
  #context: AdapterContext | undefined
  #walletConnect: Promise<WalletConnectTransport> | undefined

  constructor(options: SolanaAdapterOptions = {}) {
    const preflight = options.preflightCommitment ?? 'confirmed'
    if (!isPreflightCommitment(preflight))
      throw new SolanaError('INVALID_PREFLIGHT_COMMITMENT', undefined, JSON.stringify(preflight))
    this.#options = options
    this.#preflight = preflight
  }

  setup(context: AdapterContext): () => void {
    this.#context = context
    // Discovery needs the page: on the server (no target) there is no registry to follow.
    if (!context.target && !this.#options.registry) return () => undefined
    const chains = this.#appChains()
    const stop = watchWallets(
      (this.#options.registry ?? getWallets)(),
      (wallet) => isUsableSolanaWallet(wallet, chains),
      (wallets) => this.#onWallets(wallets),
      context.report,
    )
    return () => {
      stop()
      for (const connectorId of [...this.#connections.keys()]) this.#forget(connectorId)
      this.#context = undefined
    }
  }

  connectors(): ConnectorInfo[] {
    const wallets: ConnectorInfo[] = [...this.#wallets].map(([id, wallet]) => ({
      id,
      type: 'ANNOUNCED',
      name: wallet.name,
      chainNamespace: 'solana',
      ...(wallet.icon ? { imageUrl: wallet.icon } : {}),
    }))
    return withWalletConnect(wallets, 'solana', Boolean(this.#context?.walletConnect))
  }

  async connect({ connectorId, network, onUri, signal }: ConnectParams): Promise<ConnectResult> {
    const result =
      connectorId === walletConnectConnectorId
        ? await this.#connectWalletConnect(network, onUri, signal)
        : await this.#connect(connectorId, network, false)
    if (!result) throw new WalletError('CONNECTOR_ACCOUNT_NOT_FOUND')
    return result
  }

  async reconnect({
    connectorId,
    network,
  }: {
    connectorId: string
    network: CaipNetwork
  }): Promise<ConnectResult | undefined> {
    if (connectorId !== walletConnectConnectorId) return this.#connect(connectorId, network, true)
    if (!this.#context?.walletConnect) return undefined
    const transport = await this.#transport()
    const session = await transport.restore()
    return session && this.#walletConnectResult(transport, session, network)
  }

  async disconnect(connectorId: string): Promise<void> {
    const connection = this.#connections.get(connectorId)
    if (!connection) return
    this.#forget(connectorId)
    if (connection.wallet) await featureOf(connection.wallet, 'standard:disconnect')?.disconnect()
    else await (await this.#transport()).disconnect()
  }

  async switchNetwork({
    connectorId,
    network,
  }: {
    connectorId: string
    network: CaipNetwork
  }): Promise<void> {
    const connection = this.#connection(connectorId)
    if (!serves(connection, network))
      throw new WalletError('CHAIN_NOT_SUPPORTED', undefined, solanaChainOf(network))
    if (connection.network.caipNetworkId === network.caipNetworkId) return
    connection.network = network
    connection.events.emit('chainChanged', network.caipNetworkId)
  }

  async getBalance({ address, network }: { address: string; network: CaipNetwork }): Promise<Balance> {
    if (!isSolanaAddress(address)) throw new SolanaError('INVALID_ADDRESS', undefined, address)
    const { value } = await this.#rpcs
      .for(network)
      .getBalance(address as Parameters<ReturnType<SolanaRpcs['for']>['getBalance']>[0])
      .send()
    return {
      balance: formatUnits(value, network.nativeCurrency.decimals),
      symbol: network.nativeCurrency.symbol,
    }
  }

  /** The token accounts `address` holds on `network`, under the Token and the Token-2022 programs. */
  getTokenBalances({
    address,
    network,
  }: {
    address: string
    network: CaipNetwork
  }): Promise<TokenAccountBalance[]> {
    if (!isSolanaAddress(address)) throw new SolanaError('INVALID_ADDRESS', undefined, address)
    return tokenBalances(this.#rpcs.for(network), address)
  }

  getProvider(connectorId: string): SolanaProvider | undefined {
    const connection = this.#connections.get(connectorId)
    if (!connection) return undefined
    const connected = () => this.#connections.get(connectorId) === connection
    connection.provider ??= solanaProvider({
      signer: () => connection.signer,
      connected,
      network: () => connection.network,
      chains: () =>
        this.#context?.networks.filter((n) => n.chainNamespace === 'solana' && serves(connection, n)) ?? [],
      events: connection.events,
      disconnect: async () => {
        // A provider the app kept after its connection was replaced ends nothing.
        if (connected()) await disconnectForApp(this.#context, connectorId, (id) => this.disconnect(id))
      },
      rpc: (network) => this.#rpcs.for(network),
      preflightCommitment: this.#preflight,
      priorityFee: this.#options.priorityFee,
      confirm: {
        ...defaultConfirmOptions,
        ...this.#options.confirmation,
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      },
      domain: () => (typeof location === 'undefined' ? undefined : location.host),
    })
    return connection.provider
  }

  #appChains(): SolanaChain[] {
    const networks = this.#context?.networks.filter((n) => n.chainNamespace === 'solana') ?? []
    return [...new Set(networks.map(solanaChainOf))]
  }

  async #connect(
    connectorId: string,
    network: CaipNetwork,
    silent: boolean,
  ): Promise<ConnectResult | undefined> {
    const wallet = this.#wallets.get(connectorId)
    if (!wallet) throw new WalletError('PROVIDER_NOT_FOUND', undefined, connectorId)
    const chain = solanaChainOf(network)
    if (!wallet.chains.includes(chain)) throw new WalletError('NO_COMMON_CHAINS')
    const connect = featureOf(wallet, 'standard:connect')
    if (!connect) throw new WalletError('PROVIDER_NOT_FOUND', undefined, connectorId)
    const { accounts } = await connect.connect(silent ? { silent: true } : undefined)
    const usable = usableAccounts(accounts)
    const account = usable.find((a) => a.chains.includes(chain)) ?? usable[0]
    if (!account) return undefined
    this.#forget(connectorId)
    const off = featureOf(wallet, 'standard:events')?.on('change', ({ accounts }) => {
      if (accounts) this.#onAccounts(connectorId, accounts)
    })
    this.#connections.set(connectorId, {
      signer: standardSigner(wallet, account),
      wallet,
      network,
      off: off ?? (() => undefined),
      events: this.#events(),
    })
    // The wallet's icon is its own word: shown only if it may be (core/safeUrl.ts).
    const icon = safeUrl(wallet.icon, 'image', `${connectorId} icon`, this.#context?.report)
    return {
      connectorId,
      address: account.address,
      accounts: usable.map((a) => a.address),
      network,
      walletInfo: { name: wallet.name, ...(icon ? { icon } : {}) },
    }
  }

  #onAccounts(connectorId: string, accounts: readonly WalletAccount[]): void {
    const connection = this.#connections.get(connectorId)
    if (!connection) return
    const usable = usableAccounts(accounts)
    const [first] = usable
    if (!first) {
      this.#dropped(connectorId)
      return
    }
    if (connection.wallet) connection.signer = standardSigner(connection.wallet, first)
    const addresses = usable.map((a) => a.address)
    this.#context?.emit({ type: 'accountChanged', connectorId, address: first.address, accounts: addresses })
    connection.events.emit('accountsChanged', connection.signer.publicKey)
  }

  #onWallets(wallets: ReadonlyMap<string, Wallet>): void {
    this.#wallets = wallets
    // A wallet that left the page takes its connection with it.
    for (const [connectorId, connection] of [...this.#connections])
      if (connection.wallet && wallets.get(connectorId) !== connection.wallet) this.#dropped(connectorId)
    this.#context?.emit({ type: 'connectors', connectors: this.connectors() })
  }

  async #connectWalletConnect(
    network: CaipNetwork,
    onUri: ((uri: string) => void) | undefined,
    signal: AbortSignal | undefined,
  ): Promise<ConnectResult> {
    if (!this.#context?.walletConnect) throw new WalletError('WALLETCONNECT_NOT_FOUND')
    const transport = await this.#transport()
    const session = await transport.connect({
      networks: this.#context.networks,
      onUri: onUri ?? (() => undefined),
      signal,
    })
    const result = this.#walletConnectResult(transport, session, network)
    if (!result) throw new WalletError('NO_COMMON_CHAINS')
    return result
  }

  /** The session's Solana side: its account on `network` (else its first), or nothing when it has none. */
  #walletConnectResult(
    transport: WalletConnectTransport,
    session: WalletConnectSession,
    network: CaipNetwork,
  ): ConnectResult | undefined {
    const accounts = (session.namespaces?.solana ?? []).filter((a) => isSolanaAddress(a.split(':')[2] ?? ''))
    const chosen = accounts.find((a) => a.startsWith(`${network.caipNetworkId}:`)) ?? accounts[0]
    if (!chosen) return undefined
    const [, reference, account = ''] = chosen.split(':')
    const on =
      this.#context?.networks.find((n) => n.chainNamespace === 'solana' && String(n.id) === reference) ??
      network
    this.#forget(walletConnectConnectorId)
    this.#connections.set(walletConnectConnectorId, {
      signer: walletConnectSigner(transport, account, session.peer.name, session.methods?.solana),
      network: on,
      sessionAccounts: accounts,
      off: onSessionEnd(transport, () => this.#dropped(walletConnectConnectorId)),
      events: this.#events(),
    })
    // The peer's metadata is the wallet's word: its icon is shown only if it may be (core/safeUrl.ts).
    const icon = safeUrl(session.peer.icon, 'image', 'peer.metadata.icons', this.#context?.report)
    return {
      connectorId: walletConnectConnectorId,
      address: account,
      accounts: [...new Set(accounts.map((a) => a.split(':')[2] ?? ''))],
      network: on,
      walletInfo: { name: session.peer.name, ...(icon ? { icon } : {}) },
    }
  }

  #transport(): Promise<WalletConnectTransport> {
    const factory = this.#context?.walletConnect
    if (!factory) throw new WalletError('WALLETCONNECT_NOT_FOUND')
    this.#walletConnect ??= factory().catch((error: unknown) => {
      this.#walletConnect = undefined
      throw error
    })
    return this.#walletConnect
  }

  #connection(connectorId: string): Connection {
    const connection = this.#connections.get(connectorId)
    if (!connection) throw new WalletError('CONNECTOR_NOT_CONNECTED')
    return connection
  }

  /** A connection's events: a listener of the app that throws is the app's to hear of, not the wallet's. */
  #events(): Emitter<SolanaProviderEvents> {
    return new Emitter((error, event) =>
      this.#context?.report?.(`a listener of the Solana provider's ${String(event)} threw`, error),
    )
  }

  /** The wallet ended the connection (or left nothing to show): forgotten here, and the modal told. */
  #dropped(connectorId: string): void {
    this.#forget(connectorId)
    this.#context?.emit({ type: 'disconnect', connectorId })
  }

  /** Ends a connection here; the provider the app holds for it hears `disconnect`, then serves no more. */
  #forget(connectorId: string): void {
    const connection = this.#connections.get(connectorId)
    if (!connection) return
    connection.off()
    this.#connections.delete(connectorId)
    connection.events.emit('disconnect', undefined)
  }
}

/** Whether `connection`'s wallet serves `network`: a chain the page's wallet lists, or one the session has. */
function serves(connection: Connection, network: CaipNetwork): boolean {
  return connection.wallet
    ? connection.wallet.chains.includes(solanaChainOf(network))
    : (connection.sessionAccounts ?? []).some((a) => a.startsWith(`${network.caipNetworkId}:`))
}
