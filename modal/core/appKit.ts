import type {
  AdapterEvent,
  ChainAdapter,
  Eip1193Provider,
  NamespaceProvider,
  NamespaceProviders,
} from '../adapters/types.js'
import type { WalletConnectTransportFactory } from '../adapters/walletConnectTransport.js'
import { type ApiClient, createApiClient } from '../api/client.js'
import { currentConnection, refreshBalance } from '../controllers/account.js'
import { showSnackbar } from '../controllers/alerts.js'
import * as connection from '../controllers/connection.js'
import {
  dropConnection,
  holdsConnection,
  onAccountChanged,
  onChainChanged,
  onUnsupportedChain,
  reconnect,
} from '../controllers/connection.js'
import { acceptedConnectors } from '../controllers/connectors.js'
import type { ModalContext, MultiNamespace } from '../controllers/context.js'
import type { EmbeddedWalletPlugin } from '../controllers/embeddedWallet.js'
import { WalletError } from '../controllers/errors.js'
import { createEventBus, type ModalEvent } from '../controllers/events.js'
import { localFeatures } from '../controllers/features.js'
import { pageMemory } from '../controllers/memory.js'
import * as modal from '../controllers/modal.js'
import { switchNetwork } from '../controllers/network.js'
import {
  type AppKitOptions,
  parseThemeVariables,
  type ResolvedOptions,
  resolveOptions,
} from '../controllers/options.js'
import { reset } from '../controllers/router.js'
import type { CaipAddress, CaipNetwork, ChainNamespace } from '../networks/types.js'
import { type AppStore, createAppStore } from '../state/createState.js'
import type { AppState, ConnectorType, WalletInfo } from '../state/types.js'
import type { ViewName } from '../state/views.js'
import type { ThemeVariables } from '../theme/tokens.js'
import {
  type FetchBalanceResult,
  fetchBalanceResult,
  noBalanceToFetch,
  type PublicNetwork,
  type PublicState,
  type PublicTheme,
  providerType,
  publicAccount,
  publicNetwork,
  publicState,
  publicTheme,
  type UseAppKitAccountReturn,
} from './publicState.js'
import { debugReporter, type Reporter } from './report.js'
import { shallowEqual } from './shallowEqual.js'

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

export type AppKitEnvironment = {
  /** The page's window; undefined during server-side rendering. */
  target?: EventTarget
  isMobile?: () => boolean
  memory?: ModalContext['memory']
  clock?: ModalContext['clock']
  /** The WalletConnect transport; createAppKit makes one over the engine when a relayUrl is configured. */
  walletConnect?: WalletConnectTransportFactory
  /**
   * The adapter of an app that names none but has WalletConnect (createAppKit gives the eip155 one), so
   * the core depends on no concrete adapter.
   */
  walletConnectOnly?: () => ChainAdapter
  /** How the api (`apiUrl`) is reached; without it nothing is fetched from the api. */
  fetch?: typeof fetch
  /** The page's document, where the embedded wallet's frame goes; none on the server. */
  document?: Document
}

/** The headless core of one modal instance: state, controllers and adapters, no rendering. */
export class AppKit {
  readonly options: ResolvedOptions
  readonly store: AppStore
  readonly context: ModalContext
  /** The api client for the app's project, when it configured an `apiUrl` and a project id. */
  readonly api: ApiClient | undefined
  readonly #stops: (() => void)[] = []
  readonly #ready: Promise<void>
  readonly #report: Reporter
  /** Settles once the sign-in flow has loaded and started (at once when the app has no sign-in). */
  readonly #signInLoaded: Promise<void>
  #destroyed = false
  /**
   * The connections (`namespace connectorId`) an app's disconnect is ending that the modal held when it began:
   * reported even when the shared session's end, heard first in another namespace, dropped them meanwhile.
   */
  readonly #endingForApp = new Set<string>()

  constructor(options: AppKitOptions, environment: AppKitEnvironment = {}) {
    this.options = resolveOptions(options)
    this.#report = debugReporter(this.options.debug)
    this.store = createAppStore(
      this.options.networks,
      this.options.defaultNetwork,
      { mode: this.options.themeMode ?? 'light', variables: this.options.themeVariables ?? {} },
      localFeatures(this.options.features),
    )
    const { apiUrl, projectId } = this.options
    this.api =
      apiUrl && projectId && environment.fetch
        ? createApiClient({ apiUrl, projectId, fetch: environment.fetch })
        : undefined
    const walletConnect = this.options.enableWalletConnect === false ? undefined : environment.walletConnect
    const given = this.options.adapters
    // With no adapters the app is WalletConnect-only ("basic").
    const basic = given.length === 0 && walletConnect ? environment.walletConnectOnly?.() : undefined
    const all = basic ? [basic] : given
    // ERR-46: with neither an adapter nor WalletConnect nothing could connect or switch networks.
    if (all.length === 0) throw new WalletError('CLIENTS_MISSING')
    const adapters = new Map<ChainNamespace, ChainAdapter>(all.map((a) => [a.namespace, a]))
    this.context = {
      store: this.store,
      options: this.options,
      adapters,
      events: createEventBus(),
      clock: environment.clock ?? {
        setTimeout: (f, ms) => setTimeout(f, ms),
        clearTimeout: (h) => clearTimeout(h as never),
      },
      memory: environment.memory ?? pageMemory(),
      isMobile: environment.isMobile ?? (() => false),
    }
    // The multi-namespace code comes with an adapter beyond EVM (the Solana one): EVM apps never load it.
    const multi = all
      .map((adapter) => (adapter as ChainAdapter & { multiNamespace?: MultiNamespace }).multiNamespace)
      .find((code) => code !== undefined)
    if (multi) {
      this.context.multiNamespace = multi
      this.#stops.push(multi.followStore(this.context))
    }
    const transport = multi?.shareTransport(walletConnect) ?? walletConnect
    // The options hold the plug-in by its kind (EmbeddedWalletOption); the schema checked it has `attach`.
    const plugin = this.options.embeddedWallet as EmbeddedWalletPlugin | undefined
    const link = environment.document && plugin?.attach(this.context, environment.document)
    if (link) {
      this.context.embedded = link.load
      this.context.embeddedUi = link.ui
    }
    for (const adapter of adapters.values()) {
      this.#stops.push(
        adapter.setup({
          networks: this.options.networks,
          target: environment.target,
          emit: (event) => this.#onAdapterEvent(adapter.namespace, event),
          walletConnect: transport,
          plugged: link?.connector,
          enableInjected: this.options.enableInjected !== false,
          enableEIP6963: this.options.enableEIP6963 !== false,
          projectId: this.options.projectId,
          hostedRpcUrl: this.options.hostedRpcUrl,
          report: this.#report,
        }),
      )
    }
    this.#signInLoaded = this.signInEnabled() ? this.#loadSignIn() : Promise.resolve()
    const reconnected = this.options.enableReconnect === false ? Promise.resolve() : reconnect(this.context)
    this.#ready = Promise.all([this.#signInLoaded, reconnected]).then(() => undefined)
  }

  /**
   * The sign-in flow's code loads only for apps that configure `siwx` or `siweConfig`: a page without
   * sign-in loads none of it (issue 14, acceptance 5).
   */
  #loadSignIn(): Promise<void> {
    return import('../siwx/flow.js').then(
      ({ startSignIn }) => {
        if (this.#destroyed) return
        this.#stops.push(
          startSignIn(this.context, {
            open: modal.open,
            close: modal.close,
            reset,
            disconnect: connection.disconnect,
            switchNetwork,
            currentConnection,
          }),
        )
      },
      (error: unknown) => this.#report('the sign-in flow did not load', error),
    )
  }

  /** Whether the app configured sign-in with the wallet (SIWX-06: `siwx` or the older `siweConfig`). */
  signInEnabled(): boolean {
    return Boolean(this.options.siwx || this.options.siweConfig)
  }

  /**
   * Asks the connected wallet to sign in on the active network now; a failure shows 'Error signing
   * message' on the sign-in view. ERR-40: without sign-in configured it fails with 'SIWX is not enabled'.
   */
  async requestSignMessage(): Promise<void> {
    if (!this.signInEnabled()) throw new WalletError('SIWX_NOT_ENABLED')
    await this.#signInLoaded
    const signIn = this.context.signIn
    if (!signIn) throw new WalletError('SIWX_NOT_ENABLED')
    await signIn.sign()
  }

  #onAdapterEvent(namespace: ChainNamespace, event: AdapterEvent): void {
    switch (event.type) {
      case 'connectors':
        this.store.set({
          connectors: acceptedConnectors(
            [...this.context.adapters.values()].flatMap((a) => a.connectors()),
            this.#report,
          ),
        })
        return
      case 'accountChanged':
        onAccountChanged(this.context, namespace, event.connectorId, event.accounts)
        return
      case 'chainChanged':
        onChainChanged(this.context, namespace, event.connectorId, event.chainId)
        this.#checkSupported()
        return
      case 'connected':
        // Made through the adapter's own API (wagmi's connect, or its reconnect on load): the modal shows it too.
        connection
          .onConnected(this.context, namespace, event.result, event.restored)
          .then(() => event.restored || modal.closeAfterOutsidePairing(this.context))
          .catch((error: unknown) =>
            this.#report('a connection made outside the modal was not recorded', error),
          )
        return
      case 'pairingUri':
        modal.showOutsidePairing(this.context, event)
        return
      case 'disconnecting':
        if (holdsConnection(this.context, namespace, event.connectorId))
          this.#endingForApp.add(`${namespace} ${event.connectorId}`)
        return
      case 'disconnect': {
        const held = dropConnection(this.context, namespace, event.connectorId)
        if (event.byApp === undefined) return
        const began = this.#endingForApp.delete(`${namespace} ${event.connectorId}`)
        // An app ending a connection the modal no longer held (a provider kept from before) disconnected nothing.
        if (event.byApp && (held || began)) this.context.events.emit('DISCONNECT_SUCCESS')
        return
      }
      case 'pendingTransactions':
        // Something moved on the chain: the balance shown may be stale.
        if (this.store.get().activeChain === namespace) void refreshBalance(this.context)
        return
    }
  }

  /** OPEN-16: an active network the app did not configure shows UnsupportedChain. */
  #checkSupported(): void {
    if (onUnsupportedChain(this.context)) this.open({ view: 'UnsupportedChain' })
  }

  /** Resolves once the remembered connections were restored (or found gone). */
  ready(): Promise<void> {
    return this.#ready
  }

  open(request: modal.OpenRequest<ViewName> = {}): Promise<void> {
    modal.open(this.context, request)
    return Promise.resolve()
  }

  close(): Promise<void> {
    modal.close(this.context)
    return Promise.resolve()
  }

  isOpen(): boolean {
    return this.store.get().open
  }

  /** Shows the app's `message` in the modal's error snackbar, as written (AppKit 1.7's `showErrorMessage`). */
  showErrorMessage(message: string): void {
    showSnackbar(this.context, 'error', { plain: message })
  }

  /** Shows the app's `message` in the modal's success snackbar, as written (AppKit 1.7's `showSuccessMessage`). */
  showSuccessMessage(message: string): void {
    showSnackbar(this.context, 'success', { plain: message })
  }

  /** AppKit 1.7's public state: one loading flag for every namespace. */
  getState(): PublicState {
    return publicState(this.store.get())
  }

  /** Every change of the modal's state, with the whole of it (AppKit passes only its public part). */
  subscribeState(listener: (state: AppState) => void): () => void {
    return this.store.subscribe(listener)
  }

  /** The account of `namespace`, the active one when none is named (AppKit 1.7's `getAccount`). */
  getAccount(namespace?: ChainNamespace): UseAppKitAccountReturn {
    return publicAccount(this.store.get(), namespace)
  }

  /** Calls `listener` with the account of `namespace` (the active one by default) whenever it changes. */
  subscribeAccount(
    listener: (account: UseAppKitAccountReturn) => void,
    namespace?: ChainNamespace,
  ): () => void {
    // The account's lists and login details are rebuilt on each read: compared by value.
    return this.#onChange((state) => publicAccount(state, namespace), listener, sameJson)
  }

  /** Calls `listener` with the active network whenever it changes. */
  subscribeNetwork(listener: (network: PublicNetwork) => void): () => void {
    return this.#onChange(publicNetwork, listener)
  }

  /** The active network alone, whenever it changes (AppKit 1.7's `subscribeCaipNetworkChange`). */
  subscribeCaipNetworkChange(listener: (network: CaipNetwork | undefined) => void): () => void {
    return this.subscribeNetwork(({ caipNetwork }) => listener(caipNetwork))
  }

  getWalletInfo(): WalletInfo | undefined {
    return this.store.get().account.connectedWalletInfo
  }

  /** Calls `listener` with the connected wallet's name and icon whenever they change (undefined once gone). */
  subscribeWalletInfo(listener: (walletInfo: WalletInfo | undefined) => void): () => void {
    return this.#onChange(
      (state) => ({ walletInfo: state.account.connectedWalletInfo }),
      ({ walletInfo }) => listener(walletInfo),
    )
  }

  /**
   * Calls `listener` when what `select` reads changes, not on every change of the modal's state; like
   * AppKit's subscriptions it does not call it at once.
   */
  #onChange<T extends object>(
    select: (state: AppState) => T,
    listener: (value: T) => void,
    same: (a: T, b: T) => boolean = shallowEqual,
  ): () => void {
    let last = select(this.store.get())
    return this.store.subscribe((state) => {
      const next = select(state)
      if (same(last, next)) return
      last = next
      listener(next)
    })
  }

  /** The namespace's address; the active namespace's when none is named. */
  getAddress(namespace?: ChainNamespace): string | undefined {
    return publicAccount(this.store.get(), namespace).address
  }

  getCaipAddress(namespace?: ChainNamespace): CaipAddress | undefined {
    return publicAccount(this.store.get(), namespace).caipAddress
  }

  getIsConnectedState(): boolean {
    return Boolean(this.store.get().account.address)
  }

  /** Reloads the connected account's balance. ERR-41: with no account connected there is none to load. */
  async refreshBalance(): Promise<void> {
    if (!this.store.get().account.caipAddress) throw new WalletError('NO_ACTIVE_ADDRESS')
    await refreshBalance(this.context)
  }

  /**
   * Reloads the active account's native balance and resolves with it (`useAppKitBalance`); unlike
   * `refreshBalance` it never throws: no account, or a failed read, resolves with `isError` as AppKit's does.
   */
  async fetchBalance(): Promise<FetchBalanceResult> {
    if (!this.store.get().account.address) return noBalanceToFetch
    return fetchBalanceResult(await refreshBalance(this.context))
  }

  /**
   * The active network, or `namespace`'s: the one its wallet is on, else the first the app configured for
   * it (AppKit 1.7's `getCaipNetwork(namespace)`).
   */
  getCaipNetwork(namespace?: ChainNamespace): CaipNetwork | undefined {
    const { activeChain, activeNetwork, networks } = this.store.get()
    if (!namespace || namespace === activeChain) return activeNetwork
    return (
      currentConnection(this.context, namespace)?.caipNetwork ??
      networks.find((network) => network.chainNamespace === namespace)
    )
  }

  /** The networks the app configured, or those of `namespace`. */
  getCaipNetworks(namespace?: ChainNamespace): CaipNetwork[] {
    // A copy either way: the app may sort or trim what it gets without touching the modal's list.
    return this.store.get().networks.filter((network) => !namespace || network.chainNamespace === namespace)
  }

  getActiveChainNamespace(): ChainNamespace | undefined {
    return this.store.get().activeChain
  }

  getChainId(): CaipNetwork['id'] | undefined {
    return this.store.get().activeNetwork?.id
  }

  /** `confirmed`: the visitor already confirmed it on SwitchNetwork (OPEN-18 asks the email wallet's there). */
  switchNetwork(network: CaipNetwork, options?: { confirmed?: boolean }): Promise<void> {
    return switchNetwork(this.context, network, options)
  }

  connect(connectorId: string, network?: CaipNetwork): ReturnType<typeof connection.connect> {
    return connection.connect(this.context, { connectorId, ...(network ? { network } : {}) })
  }

  disconnect(namespace?: ChainNamespace): Promise<void> {
    return connection.disconnect(this.context, namespace)
  }

  /** The connected wallet's provider in `namespace` (the active one by default): EIP-1193, or Solana's. */
  getProvider<N extends keyof NamespaceProviders>(namespace: N): NamespaceProviders[N] | undefined
  getProvider(namespace?: ChainNamespace): Eip1193Provider | undefined
  getProvider(
    namespace: ChainNamespace = this.store.get().activeChain ?? 'eip155',
  ): NamespaceProvider | undefined {
    const entry = this.store.get().connections[namespace]
    const current = entry?.current === undefined ? undefined : entry.connections[entry.current]
    return current && this.context.adapters.get(namespace)?.getProvider(current.connectorId)
  }

  /** The active namespace's provider, whatever its kind (AppKit 1.7's `getWalletProvider`). */
  getWalletProvider(): NamespaceProvider | undefined {
    const { activeChain } = this.store.get()
    return activeChain && this.getProvider(activeChain)
  }

  /** The kind of connector (INJECTED, WALLET_CONNECT, AUTH…) `namespace`'s wallet is connected through. */
  getProviderType(namespace: ChainNamespace): ConnectorType | undefined {
    return providerType(this.store.get(), namespace)
  }

  subscribeEvents(listener: (event: ModalEvent) => void): () => void {
    return this.context.events.subscribe(listener)
  }

  getEvent(): ModalEvent {
    return this.context.events.last()
  }

  setThemeMode(mode: 'light' | 'dark'): void {
    this.store.set(({ theme }) => ({ theme: { ...theme, mode } }))
  }

  /** Throws an OptionsError naming the first variable whose value is in none of its forms, and sets none. */
  setThemeVariables(variables: ThemeVariables): void {
    const checked = parseThemeVariables(variables)
    this.store.set(({ theme }) => ({ theme: { ...theme, variables: { ...theme.variables, ...checked } } }))
  }

  getThemeMode(): 'light' | 'dark' {
    return this.store.get().theme.mode
  }

  getThemeVariables(): ThemeVariables {
    return this.store.get().theme.variables
  }

  /** Calls `listener` with the theme's mode and variables whenever either is set. */
  subscribeTheme(listener: (theme: PublicTheme) => void): () => void {
    return this.#onChange(publicTheme, listener)
  }

  /** Runs `stop` when the instance is destroyed (at once if it was): what runs beside the core ends with it. */
  onDestroy(stop: () => void): void {
    if (this.#destroyed) stop()
    else this.#stops.push(stop)
  }

  /** Stops discovery and listeners; the instance is unusable afterwards. */
  destroy(): void {
    this.#destroyed = true
    for (const stop of this.#stops.splice(0)) stop()
  }
}
