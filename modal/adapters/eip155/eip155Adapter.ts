import {
  type Abi,
  type Address,
  type Client,
  formatUnits,
  type Hex,
  hexToBigInt,
  type TypedDataDefinition,
} from 'viem'
import { rpcErrorCode, WalletError } from '../../controllers/errors.js'
import { safeUrl } from '../../core/safeUrl.js'
import { en } from '../../i18n/en.js'
import type { CaipNetwork } from '../../networks/types.js'
import { unsupportedNetwork } from '../../networks/unsupportedNetwork.js'
import type { ConnectorInfo, TokenBalance, WalletInfo } from '../../state/types.js'
import { disconnectForApp } from '../disconnectForApp.js'
import type {
  AdapterContext,
  Balance,
  ChainAdapter,
  ConnectParams,
  ConnectResult,
  Eip1193Provider,
  PluggedConnector,
  WalletCall,
} from '../types.js'
import {
  peerName,
  type WalletConnectSession,
  type WalletConnectTransport,
  type WalletConnectTransportFactory,
  walletConnectConnectorId,
  walletConnectName,
} from '../walletConnectTransport.js'
import { chainReceiptTimeoutMs, createChainClient } from './chainClient.js'
import { addChainErrorCodes, addChainParams, noSwitchErrorCodes } from './chainParams.js'
import { type DiscoveredWallet, injectedProvider, watchAnnouncedWallets } from './discovery.js'
import type { PendingTransactionsFilter, watchPendingTransactions } from './pendingTransactions.js'
import { parseUnits } from './units.js'
import type {
  ActingWallet,
  ContractRead,
  ContractWrite,
  Receipt,
  Replacement,
  TransactionRequest,
} from './walletActions.js'
import type { WalletCalls } from './walletCalls.js'
import { withWalletCalls } from './walletCallsProvider.js'
import { evmAccounts, evmChainId } from './walletValues.js'
import { withTimeout } from './withTimeout.js'

/** Each option overrides what the app's createAppKit options say. */
export type Eip155AdapterOptions = {
  enableInjected?: boolean
  enableEIP6963?: boolean
  /** Builds the WalletConnect transport on first use; WalletConnect is offered only when there is one. */
  walletConnect?: WalletConnectTransportFactory | undefined
  /** CALL-05, CONST-03/04: watch the connected chain's pending transactions (off unless enabled). */
  pendingTransactionsFilter?: PendingTransactionsFilter
}

/** CONST-08 */
export const revokeTimeoutMs = 100
/** CONST-03: pending-transaction watching is off unless the app turns it on (the watcher loads only then). */
export const watchPendingByDefault = false

/** CONST-09: how long a remembered announced wallet is waited for before reconnect gives up on it. */
export const injectedDetectionMs = 1000

type Entry = {
  info: ConnectorInfo
  provider?: Eip1193Provider
  unsubscribe?: () => void
  /** Not offered in lists, but kept so a connection made through it can still be used and ended. */
  unlisted?: boolean
  /** A plugged connector, whose provider loads on first use. */
  plugged?: PluggedConnector
}

const injectedId = 'injected'

/** The English name; views show it in the reader's language (ui/components/connectorName). */
const browserWalletName = en['connector.browserWallet']

/** Signing and sending load on first use: a visitor who never acts never downloads them. */
const walletActions = () => import('./walletActions.js')
type WalletActions = Awaited<ReturnType<typeof walletActions>>

/** The eip155 namespace over viem: announced (EIP-6963), injected (`window.ethereum`) and WalletConnect wallets. */
export class Eip155Adapter implements ChainAdapter {
  readonly namespace = 'eip155' as const
  #options: Eip155AdapterOptions
  readonly #entries = new Map<string, Entry>()
  readonly #clients = new Map<string, Client>()
  #context: AdapterContext | undefined
  #walletConnect: Promise<WalletConnectTransport> | undefined
  #waiters = new Set<() => void>()
  readonly #pendingWatchers = new Map<string, ReturnType<typeof watchPendingTransactions>>()
  /** Counts starts and stops per connection, so a watcher that loads after a stop is not started. */
  readonly #pendingStarts = new Map<string, number>()
  /** Each wallet's provider as the app gets it (EIP-5792 through the modal), one per provider. */
  readonly #appProviders = new WeakMap<Eip1193Provider, Eip1193Provider>()
  /** EIP-5792 and its sequential fallback, loaded on the first wallet call; its batches are this modal's. */
  #walletCalls: Promise<WalletCalls> | undefined

  readonly #given: Eip155AdapterOptions

  constructor(options: Eip155AdapterOptions = {}) {
    this.#given = options
    this.#options = options
  }

  setup(context: AdapterContext): () => void {
    this.#context = context
    this.#options = {
      enableInjected: context.enableInjected,
      enableEIP6963: context.enableEIP6963,
      walletConnect: context.walletConnect,
      ...this.#given,
    }
    const stops: (() => void)[] = []
    if (this.#options.walletConnect)
      this.#entries.set(walletConnectConnectorId, {
        info: {
          id: walletConnectConnectorId,
          type: 'WALLET_CONNECT',
          name: walletConnectName,
          chainNamespace: 'eip155',
        },
      })
    const plugged = context.plugged
    if (plugged?.info.chainNamespace === 'eip155')
      this.#entries.set(plugged.info.id, { info: plugged.info, plugged })
    const injected = this.#options.enableInjected === false ? undefined : injectedProvider(context.target)
    if (injected)
      this.#entries.set(injectedId, {
        info: { id: injectedId, type: 'INJECTED', name: browserWalletName, chainNamespace: 'eip155' },
        provider: injected,
      })
    if (context.target && this.#options.enableEIP6963 !== false)
      stops.push(
        watchAnnouncedWallets(context.target, (wallets) => this.#onAnnounced(wallets), context.report),
      )
    this.#publish()
    return () => {
      for (const stop of stops) stop()
      for (const connectorId of [...this.#pendingWatchers.keys()]) this.#stopWatching(connectorId)
      for (const entry of this.#entries.values()) entry.unsubscribe?.()
    }
  }

  #onAnnounced(wallets: DiscoveredWallet[]): void {
    for (const wallet of wallets) {
      if (this.#entries.has(wallet.rdns)) continue
      this.#entries.set(wallet.rdns, {
        info: {
          id: wallet.rdns,
          type: 'ANNOUNCED',
          name: wallet.name,
          ...(wallet.icon ? { imageUrl: wallet.icon } : {}),
          rdns: wallet.rdns,
          chainNamespace: 'eip155',
        },
        provider: wallet.provider,
      })
    }
    // An injected provider that is also announced is listed once, under its announced name.
    const injected = this.#entries.get(injectedId)
    if (injected && wallets.some((w) => w.provider === injected.provider)) injected.unlisted = true
    this.#publish()
    for (const wake of [...this.#waiters]) wake()
  }

  #publish(): void {
    this.#context?.emit({ type: 'connectors', connectors: this.connectors() })
  }

  connectors(): ConnectorInfo[] {
    return [...this.#entries.values()].filter((e) => !e.unlisted).map((e) => e.info)
  }

  /**
   * The wallet's provider for the app and wagmi: its own, except that the EIP-5792 calls go through the
   * modal, which validates them and sends a batch one transaction at a time to a wallet without them.
   */
  getProvider(connectorId: string): Eip1193Provider | undefined {
    const provider = this.#entries.get(connectorId)?.provider
    if (!provider) return undefined
    const known = this.#appProviders.get(provider)
    if (known) return known
    // WalletConnect's provider can end its session (the engine's disconnect): the app ending it there ends it
    // as the modal's own disconnect does, and the modal reports it as its own.
    const disconnect =
      connectorId === walletConnectConnectorId
        ? () => disconnectForApp(this.#context, connectorId, (id) => this.disconnect(id))
        : undefined
    const wrapped = withWalletCalls(
      provider,
      async (wallet, method, params) => (await this.#loadWalletCalls()).request(wallet, method, params),
      disconnect,
    )
    this.#appProviders.set(provider, wrapped)
    return wrapped
  }

  #loadWalletCalls(): Promise<WalletCalls> {
    this.#walletCalls ??= import('./walletCalls.js').then(
      ({ WalletCalls }) => new WalletCalls((wallet, chainId, hash) => this.#receipt(wallet, chainId, hash)),
    )
    return this.#walletCalls
  }

  /** A receipt from the modal's client of the chain when the app configured it, else from the wallet. */
  #receipt(wallet: Eip1193Provider, chainId: string, hash: string): Promise<unknown> {
    const network = this.#context?.networks.find(
      (n) => n.chainNamespace === 'eip155' && Number(n.id) === Number(chainId),
    )
    const params: [Hex] = [hash as Hex]
    return network
      ? this.chainClient(network).request({ method: 'eth_getTransactionReceipt', params })
      : wallet.request({ method: 'eth_getTransactionReceipt', params })
  }

  async connect({ connectorId, network, onUri, signal }: ConnectParams): Promise<ConnectResult> {
    if (connectorId === walletConnectConnectorId) return this.#connectWalletConnect(network, onUri, signal)
    const entry = this.#entry(connectorId)
    if (entry.plugged) entry.provider = await entry.plugged.provider(false)
    const provider = this.#provider(entry)
    const wallet = await walletState(provider, 'eth_requestAccounts')
    return this.#connected(entry, provider, wallet, network, { name: entry.info.name, ...icon(entry.info) })
  }

  async reconnect({
    connectorId,
    network,
  }: {
    connectorId: string
    network: CaipNetwork
  }): Promise<ConnectResult | undefined> {
    if (connectorId === walletConnectConnectorId) {
      if (!this.#options.walletConnect) return undefined
      const transport = await this.#transport()
      const session = await transport.restore()
      return session && this.#walletConnectResult(transport, session, network)
    }
    const entry = this.#entries.get(connectorId) ?? (await this.#waitFor(connectorId))
    if (entry?.plugged) entry.provider = await entry.plugged.provider(true)
    if (!entry?.provider) return undefined
    const wallet = await walletState(entry.provider, 'eth_accounts')
    if (!wallet) return undefined
    return this.#connected(entry, entry.provider, wallet, network, {
      name: entry.info.name,
      ...icon(entry.info),
    })
  }

  #waitFor(connectorId: string): Promise<Entry | undefined> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.#waiters.delete(wake)
        resolve(this.#entries.get(connectorId))
      }
      const wake = () => this.#entries.has(connectorId) && done()
      const timer = setTimeout(done, injectedDetectionMs)
      this.#waiters.add(wake)
    })
  }

  async #connectWalletConnect(
    network: CaipNetwork,
    onUri: ((uri: string) => void) | undefined,
    signal: AbortSignal | undefined,
  ): Promise<ConnectResult> {
    if (!this.#options.walletConnect) throw new WalletError('WALLETCONNECT_NOT_FOUND')
    const transport = await this.#transport()
    const networks = this.#context?.networks ?? [network]
    // ERR-43: an app configuring no eip155 chain has nothing to ask an EVM wallet for. The proposal carries
    // the app's other families too (solana), so one approval connects the wallet in each.
    if (!networks.some((n) => n.chainNamespace === 'eip155')) throw new WalletError('NO_COMMON_CHAINS')
    const session = await transport.connect({ networks, onUri: onUri ?? (() => {}), signal })
    return this.#walletConnectResult(transport, session, network)
  }

  async #walletConnectResult(
    transport: WalletConnectTransport,
    session: WalletConnectSession,
    network: CaipNetwork,
  ): Promise<ConnectResult> {
    const entry = this.#entry(walletConnectConnectorId)
    entry.provider = transport.provider
    // The peer's metadata is the wallet's word: its name and icon are kept only if they may be shown.
    const icon = safeUrl(session.peer.icon, 'image', 'peer.metadata.icons', this.#context?.report)
    const chainId = evmChainId(await transport.provider.request({ method: 'eth_chainId' }))
    const accounts = evmAccounts(session.accounts)
    const wallet = accounts.length > 0 ? { accounts, chainId } : undefined
    return this.#connected(entry, transport.provider, wallet, network, {
      name: peerName(session.peer.name),
      ...(icon ? { icon } : {}),
    })
  }

  #transport(): Promise<WalletConnectTransport> {
    const factory = this.#options.walletConnect
    if (!factory) throw new WalletError('WALLETCONNECT_NOT_FOUND')
    this.#walletConnect ??= factory().catch((error: unknown) => {
      this.#walletConnect = undefined
      throw error
    })
    return this.#walletConnect
  }

  async #connected(
    entry: Entry,
    provider: Eip1193Provider,
    wallet: WalletState | undefined,
    requested: CaipNetwork,
    walletInfo: WalletInfo,
  ): Promise<ConnectResult> {
    const address = wallet?.accounts[0]
    if (!wallet || !address) throw new WalletError('CONNECTOR_ACCOUNT_NOT_FOUND')
    const { accounts, chainId } = wallet
    const networks = this.#context?.networks ?? [requested]
    let network = networks.find((n) => n.chainNamespace === 'eip155' && Number(n.id) === chainId)
    if (!network) {
      await this.switchNetwork({ connectorId: entry.info.id, network: requested }).catch(() => undefined)
      const answer = await provider.request({ method: 'eth_chainId' })
      const now = evmChainId(answer)
      if (now === undefined) throw new WalletError('CHAIN_NOT_SUPPORTED', undefined, String(answer))
      network =
        networks.find((n) => n.chainNamespace === 'eip155' && Number(n.id) === now) ??
        unsupportedNetwork('eip155', now)
    }
    this.#listen(entry, provider)
    this.#watchPending(entry.info.id, network)
    return { connectorId: entry.info.id, address, accounts, network, walletInfo }
  }

  #listen(entry: Entry, provider: Eip1193Provider): void {
    entry.unsubscribe?.()
    const connectorId = entry.info.id
    const emit = (event: Parameters<AdapterContext['emit']>[0]) => {
      if (event.type === 'disconnect') this.#stopWatching(connectorId)
      this.#context?.emit(event)
    }
    // A list with no address in it leaves no account to show: as an empty one, the wallet is disconnected.
    const onAccounts = (given: unknown) => {
      const accounts = evmAccounts(given)
      const [address] = accounts
      emit(
        address
          ? { type: 'accountChanged', connectorId, address, accounts }
          : { type: 'disconnect', connectorId },
      )
    }
    const onChain = (given: unknown) => {
      const chainId = evmChainId(given)
      if (chainId === undefined) return
      const network = this.#context?.networks.find(
        (n) => n.chainNamespace === 'eip155' && Number(n.id) === chainId,
      )
      if (network) this.#watchPending(connectorId, network)
      else this.#stopWatching(connectorId)
      emit({ type: 'chainChanged', connectorId, chainId })
    }
    const onDisconnect = () => emit({ type: 'disconnect', connectorId })
    provider.on?.('accountsChanged', onAccounts)
    provider.on?.('chainChanged', onChain)
    provider.on?.('disconnect', onDisconnect)
    entry.unsubscribe = () => {
      provider.removeListener?.('accountsChanged', onAccounts)
      provider.removeListener?.('chainChanged', onChain)
      provider.removeListener?.('disconnect', onDisconnect)
    }
  }

  /** The pending transactions tracked for a connection (CONST-05 bounds them); empty when not watching. */
  pendingTransactions(connectorId: string): Hex[] {
    return this.#pendingWatchers.get(connectorId)?.tracked() ?? []
  }

  #watchPending(connectorId: string, network: CaipNetwork): void {
    this.#stopWatching(connectorId)
    const filter = this.#options.pendingTransactionsFilter
    if (!(filter?.enable ?? watchPendingByDefault)) return
    let client: Client
    try {
      client = this.chainClient(network)
    } catch {
      return
    }
    const started = this.#pendingStarts.get(connectorId) ?? 0
    void import('./pendingTransactions.js').then(({ watchPendingTransactions }) => {
      // A later start or a stop since this one was asked for wins.
      if (this.#pendingStarts.get(connectorId) !== started) return
      this.#pendingWatchers.set(
        connectorId,
        watchPendingTransactions((method, params) => client.request({ method, params } as never), {
          ...(filter?.pollingInterval === undefined ? {} : { pollingInterval: filter.pollingInterval }),
          onTransactions: (hashes) =>
            this.#context?.emit({ type: 'pendingTransactions', connectorId, hashes }),
          onError: (error) => this.#context?.report?.('pending-transaction watch failed', { error }),
        }),
      )
    })
  }

  #stopWatching(connectorId: string): void {
    this.#pendingStarts.set(connectorId, (this.#pendingStarts.get(connectorId) ?? 0) + 1)
    this.#pendingWatchers.get(connectorId)?.stop()
    this.#pendingWatchers.delete(connectorId)
  }

  async disconnect(connectorId: string): Promise<void> {
    this.#stopWatching(connectorId)
    const entry = this.#entry(connectorId)
    entry.unsubscribe?.()
    entry.unsubscribe = undefined
    if (connectorId === walletConnectConnectorId) {
      const transport = await this.#transport()
      await transport.disconnect()
      return
    }
    if (entry.plugged) return entry.plugged.disconnect()
    const provider = this.#provider(entry)
    const revoke = provider
      .request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
      .catch(() => undefined)
    await withTimeout(revoke, revokeTimeoutMs, undefined)
  }

  /** Asks the wallet to switch; on 4902/-32603/5000 adds the chain, and a failed add is 'Chain is not supported'. */
  async switchNetwork({
    connectorId,
    network,
  }: {
    connectorId: string
    network: CaipNetwork
  }): Promise<void> {
    const provider = this.#provider(this.#entry(connectorId))
    const chainId = addChainParams(network).chainId
    try {
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
    } catch (error) {
      const code = rpcErrorCode(error)
      if (code !== undefined && noSwitchErrorCodes.has(code))
        throw new WalletError('SWITCH_CHAIN_NOT_SUPPORTED', error)
      if (code === undefined || !addChainErrorCodes.has(code)) throw error
      try {
        await provider.request({ method: 'wallet_addEthereumChain', params: [addChainParams(network)] })
      } catch (addError) {
        throw new WalletError('CHAIN_NOT_SUPPORTED', addError)
      }
      const now = Number(await provider.request({ method: 'eth_chainId' }))
      if (now !== Number(network.id))
        await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
    }
  }

  async getBalance({ address, network }: { address: string; network: CaipNetwork }): Promise<Balance> {
    // No client retries here: the balance has its own retry rule (BAL, 30 s), and 12.6 s of client
    // retries would keep 'Token Balance Unavailable' off screen that long.
    const value = hexToBigInt(
      await this.chainClient(network).request(
        { method: 'eth_getBalance', params: [address as Address, 'latest'] },
        { retryCount: 0 },
      ),
    )
    return {
      balance: formatUnits(value, network.nativeCurrency.decimals),
      symbol: network.nativeCurrency.symbol,
    }
  }

  /** CALL-08, ERR-63: the wallet's capabilities for `address`; an answer that is not an object is refused. */
  async getCapabilities({ connectorId, address }: { connectorId: string; address: string }) {
    const answer = await this.#provider(this.#entry(connectorId)).request({
      method: 'wallet_getCapabilities',
      params: [address],
    })
    try {
      const parsed: unknown = typeof answer === 'string' ? JSON.parse(answer) : answer
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new TypeError()
      return parsed as Record<string, Record<string, unknown>>
    } catch (error) {
      throw new WalletError('CAPABILITIES_UNPARSABLE', error)
    }
  }

  /**
   * BAL-07: EIP-7811 wallet_getAssets for `address` on the one chain `chainId` (hex); the wallet's answer as
   * it is (walletAssets.ts reads it).
   */
  getAssets(connectorId: string, address: string, chainId: string): Promise<unknown> {
    return this.#walletCall(connectorId, 'wallet_getAssets', [{ account: address, chainFilter: [chainId] }])
  }

  discoveredBalances(params: {
    connectorId: string
    address: string
    network: CaipNetwork
  }): Promise<TokenBalance[] | undefined> {
    // Off the first load: only the Tokens tab of an embedded wallet asks.
    return import('./discoveredBalances.js').then(({ discoveredBalances }) =>
      discoveredBalances(this, params),
    )
  }

  /** CALL-09: EIP-2255 permission calls, passed to the wallet as they are. */
  requestPermissions(connectorId: string, permissions: Record<string, unknown>): Promise<unknown> {
    return this.#walletCall(connectorId, 'wallet_requestPermissions', [permissions])
  }

  revokePermissions(connectorId: string, permissions: Record<string, unknown>): Promise<unknown> {
    return this.#walletCall(connectorId, 'wallet_revokePermissions', [permissions])
  }

  grantPermissions(connectorId: string, request: Record<string, unknown>): Promise<unknown> {
    return this.#walletCall(connectorId, 'wallet_grantPermissions', [request])
  }

  #walletCall(connectorId: string, method: string, params: unknown[]): Promise<unknown> {
    return this.#provider(this.#entry(connectorId)).request({ method, params })
  }

  /** CALL-03, ERR-50: a transaction read from the chain; an unknown hash is an error, not null. */
  async getTransaction({ network, hash }: { network: CaipNetwork; hash: Hex }) {
    const tx = await this.chainClient(network).request({ method: 'eth_getTransactionByHash', params: [hash] })
    if (!tx) throw new WalletError('TRANSACTION_NOT_FOUND', undefined, hash)
    return tx
  }

  /** CALL-03, ERR-51: the receipt of a mined transaction; unknown or not yet mined is an error. */
  async getTransactionReceipt({ network, hash }: { network: CaipNetwork; hash: Hex }) {
    const receipt = await this.chainClient(network).request({
      method: 'eth_getTransactionReceipt',
      params: [hash],
    })
    if (!receipt) throw new WalletError('RECEIPT_NOT_FOUND', undefined, hash)
    return receipt
  }

  /** CALL-03 */
  async getBlockNumber({ network }: { network: CaipNetwork }): Promise<bigint> {
    return hexToBigInt(await this.chainClient(network).request({ method: 'eth_blockNumber' }))
  }

  /** ERR-61 */
  signMessage(call: WalletCall & { message: string }): Promise<Hex> {
    return this.#act(call, (actions, wallet) => actions.signMessage(wallet, call.message))
  }

  signTypedData(call: WalletCall & { typedData: TypedDataDefinition }): Promise<Hex> {
    return this.#act(call, (actions, wallet) => actions.signTypedData(wallet, call.typedData))
  }

  /** ERR-62 */
  estimateGas(call: WalletCall & { transaction: TransactionRequest }): Promise<bigint> {
    return this.#act(call, (actions, wallet) => actions.estimateGas(wallet, call.transaction))
  }

  sendTransaction(call: WalletCall & { transaction: TransactionRequest }): Promise<Hex> {
    return this.#act(call, (actions, wallet) => actions.sendTransaction(wallet, call.transaction))
  }

  /** ERR-66, ERR-67: a call that would revert throws its reason before the wallet is asked. */
  writeContract(call: WalletCall & { contract: ContractWrite }): Promise<Hex> {
    return this.#act(call, (actions, wallet) => actions.writeContract(wallet, call.contract))
  }

  /** ERR-48: `value` (e.g. '1.5') in the smallest unit of a token with `decimals`. */
  parseUnits({ value, decimals }: { value: string; decimals: number }): bigint {
    return parseUnits(value, decimals)
  }

  /** ERR-52: a read of the chain through the chain client, so its receipt timeout (CONST-16) bounds it. */
  async waitForTransactionReceipt(params: {
    network: CaipNetwork
    hash: Hex
    abi?: Abi
    timeoutMs?: number
    onReplaced?: (replacement: Replacement) => void
  }): Promise<Receipt> {
    const { waitForTransactionReceipt } = await walletActions()
    const client = this.chainClient(params.network)
    return waitForTransactionReceipt(
      (method, args) => client.request({ method, params: args } as never),
      params.hash,
      {
        ...(params.abi ? { abi: params.abi } : {}),
        timeoutMs: params.timeoutMs ?? chainReceiptTimeoutMs,
        ...(params.onReplaced ? { onReplaced: params.onReplaced } : {}),
      },
    )
  }

  /** CALL-04: contract reads on `network`, folded into multicalls, results in order. */
  async readContracts({
    network,
    contracts,
  }: {
    network: CaipNetwork
    contracts: readonly ContractRead[]
  }): Promise<unknown[]> {
    const { readContracts } = await walletActions()
    return readContracts(this.chainClient(network), contracts)
  }

  /** Loads the wallet actions and checks the wallet (see #acting) together, then runs `action`. */
  async #act<T>(
    call: WalletCall,
    action: (actions: WalletActions, wallet: ActingWallet) => Promise<T>,
  ): Promise<T> {
    const [actions, wallet] = await Promise.all([walletActions(), this.#acting(call)])
    return action(actions, wallet)
  }

  /** ERR-53, 55, 56, 57, 59: the wallet behind the connector, holding `address` on `network`. */
  async #acting({ connectorId, address, network }: WalletCall): Promise<ActingWallet> {
    if (!this.#context?.networks.some((n) => n.caipNetworkId === network.caipNetworkId))
      throw new WalletError('CHAIN_NOT_CONFIGURED')
    const provider = this.#provider(this.#entry(connectorId))
    const wallet = await walletState(provider, 'eth_accounts')
    if (!wallet) throw new WalletError('CONNECTOR_NOT_CONNECTED')
    if (!wallet.accounts.some((a) => a.toLowerCase() === address.toLowerCase()))
      throw new WalletError('CONNECTOR_ACCOUNT_NOT_FOUND')
    if (wallet.chainId !== Number(network.id)) throw new WalletError('CHAIN_MISMATCH')
    const client = this.chainClient(network)
    return {
      provider,
      account: address as Address,
      read: (method, params) => client.request({ method, params } as never),
    }
  }

  /**
   * The read client of `network` (its RPC, or the hosted one), one per network; features loaded later (Send,
   * swaps) read the chain through it instead of importing the client code the first load already has.
   */
  chainClient(network: CaipNetwork): Client {
    const existing = this.#clients.get(network.caipNetworkId)
    if (existing) return existing
    const client = createChainClient(network, {
      projectId: this.#context?.projectId,
      hostedBase: this.#context?.hostedRpcUrl,
    })
    this.#clients.set(network.caipNetworkId, client)
    return client
  }

  #entry(connectorId: string): Entry {
    const entry = this.#entries.get(connectorId)
    if (!entry) throw new WalletError('PROVIDER_NOT_FOUND')
    return entry
  }

  #provider(entry: Entry): Eip1193Provider {
    if (!entry.provider) throw new WalletError('PROVIDER_NOT_FOUND')
    return entry.provider
  }
}

/** The accounts a wallet shares with the app, and the chain it is on. */
/** `chainId` undefined: the wallet's answer was no chain id. */
type WalletState = { accounts: string[]; chainId: number | undefined }

/**
 * The wallet's accounts asked by `method` and, beside them rather than after, its chain: one wallet round
 * trip fewer between the visitor's approval and the connection (EIP-1193 wallets answer eth_chainId to any
 * page). The accounts are asked first, so the wallet's prompt opens first. A chainChanged while they are
 * asked (a prompt that lets the visitor pick a network) wins over the early answer; an early eth_chainId
 * that failed is asked again once the accounts are in. Undefined when the wallet shares no account.
 */
async function walletState(
  provider: Eip1193Provider,
  method: 'eth_requestAccounts' | 'eth_accounts',
): Promise<WalletState | undefined> {
  let switched: unknown
  const onChain = (chainId: unknown) => {
    switched = chainId
  }
  provider.on?.('chainChanged', onChain)
  try {
    const asked = requestAccounts(provider, method)
    const early = Promise.resolve().then(() => provider.request({ method: 'eth_chainId' }))
    early.catch(() => undefined)
    const accounts = await asked
    if (accounts.length === 0) return undefined
    const chainId = await early.catch(() => provider.request({ method: 'eth_chainId' }))
    return { accounts, chainId: evmChainId(switched ?? chainId) }
  } finally {
    provider.removeListener?.('chainChanged', onChain)
  }
}

async function requestAccounts(
  provider: Eip1193Provider,
  method: 'eth_requestAccounts' | 'eth_accounts',
): Promise<string[]> {
  return evmAccounts(await provider.request({ method }))
}

function icon(info: ConnectorInfo): { icon?: string } {
  return info.imageUrl ? { icon: info.imageUrl } : {}
}
