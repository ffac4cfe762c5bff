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
  multiNamespace,
  safeUrl,
  type WalletConnectSession,
  type WalletConnectTransport,
  WalletError,
  walletConnectConnectorId,
  withWalletConnect,
} from '@pairwise/modal/adapter'
import { getWallets, type Wallets } from '@wallet-standard/app'
import { type BitcoinAccount, isAddressOn } from './accounts.js'
import type { BitcoinConnector, ConnectorChange } from './connectors/connector.js'
import { sessionAddresses, walletConnectConnector } from './connectors/walletConnect.js'
import { watchBitcoinWallets } from './discovery.js'
import { BitcoinError } from './errors.js'
import { type BitcoinActivity, type EsploraClient, esploraClient } from './esplora.js'
import { type BitcoinChain, bitcoinChainOf } from './networks.js'
import { type BitcoinProvider, type BitcoinProviderEvents, bitcoinProvider } from './provider.js'

export type BitcoinAdapterOptions = {
  /** The Wallet Standard registry to follow; the page's (`getWallets()`) by default. */
  registry?: () => Wallets
  /**
   * AppKit's `new BitcoinAdapter({ projectId })`, taken so its setup compiles unchanged: the project id the modal
   * uses is `createAppKit`'s, as for every adapter.
   */
  projectId?: string | undefined
  /**
   * The chain data of a network: an Esplora client on the network's first RPC URL by default (the local
   * node's `…/api` in development, any Esplora in production).
   */
  esplora?: (network: CaipNetwork) => EsploraClient
}

type Connection = {
  connector: BitcoinConnector
  accounts: BitcoinAccount[]
  network: CaipNetwork
  off: () => void
  /** What the connection's provider tells the app's listeners. */
  events: Emitter<BitcoinProviderEvents>
  /**
   * The one provider apps get for this connection, as AppKit's is one object: a new one per call would
   * rerun an app's effects that depend on it at every render.
   */
  provider?: BitcoinProvider
}

const addresses = (accounts: readonly BitcoinAccount[]) => accounts.map((a) => a.address)

/** Satoshis as the modal shows a balance: BTC with up to 8 decimals, trailing zeros dropped. */
export function formatSats(sats: bigint): string {
  const sign = sats < 0n ? '-' : ''
  const abs = sats < 0n ? -sats : sats
  const fraction = (abs % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '')
  return `${sign}${abs / 100_000_000n}${fraction ? `.${fraction}` : ''}`
}

/**
 * The bip122 namespace over the four families of Bitcoin browser wallets (Wallet Standard, sats-connect,
 * Leather, Unisat/OKX), each behind one connector interface. A connection keeps the wallet's payment and
 * ordinal accounts with their public keys and paths; chain data comes from an Esplora API per network.
 */
export class BitcoinAdapter implements ChainAdapter {
  readonly namespace = 'bip122' as const
  /** The modal's multi-namespace code, which an app gets with this adapter (controllers/context.ts). */
  readonly multiNamespace: MultiNamespace = multiNamespace
  readonly #options: BitcoinAdapterOptions
  readonly #connections = new Map<string, Connection>()
  #connectors: readonly BitcoinConnector[] = []
  #context: AdapterContext | undefined
  #walletConnect: Promise<WalletConnectTransport> | undefined

  constructor(options: BitcoinAdapterOptions = {}) {
    this.#options = options
  }

  setup(context: AdapterContext): () => void {
    this.#context = context
    // Discovery needs the page: on the server (no target) there is no wallet to find.
    if (!context.target && !this.#options.registry) return () => undefined
    const stop = watchBitcoinWallets({
      registry: (this.#options.registry ?? getWallets)(),
      page: context.target,
      onChange: (connectors) => this.#onConnectors(connectors),
      report: context.report,
    })
    return () => {
      stop()
      for (const connectorId of [...this.#connections.keys()]) this.#forget(connectorId)
      this.#context = undefined
    }
  }

  connectors(): ConnectorInfo[] {
    const wallets = this.#connectors.map((connector): ConnectorInfo => {
      // The wallet's icon is its own word: shown only if it may be (core/safeUrl.ts).
      const icon = safeUrl(connector.icon, 'image', `${connector.id} icon`, this.#context?.report)
      return {
        id: connector.id,
        type: 'ANNOUNCED',
        name: connector.name,
        chainNamespace: 'bip122',
        ...(icon ? { imageUrl: icon } : {}),
      }
    })
    return withWalletConnect(wallets, 'bip122', Boolean(this.#context?.walletConnect))
  }

  async connect({ connectorId, network, onUri, signal }: ConnectParams): Promise<ConnectResult> {
    const result =
      connectorId === walletConnectConnectorId
        ? await this.#connectWalletConnect(network, onUri, signal)
        : await this.#connect(this.#connector(connectorId), network, false)
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
    if (connectorId !== walletConnectConnectorId)
      return this.#connect(this.#connector(connectorId), network, true)
    if (!this.#context?.walletConnect) return undefined
    const transport = await this.#transport()
    const session = await transport.restore()
    const on = session && this.#sessionNetwork(session, network)
    return on && this.#connect(walletConnectConnector(transport, session), on, true)
  }

  async disconnect(connectorId: string): Promise<void> {
    const connection = this.#connections.get(connectorId)
    if (!connection) return
    this.#forget(connectorId)
    await connection.connector.disconnect()
  }

  /**
   * Moves the wallet to `network` where it can be asked to (sats-connect's wallet_changeNetwork, Unisat's
   * switchChain, a standard wallet's bitcoin:switchNetwork); any other wallet is switched by its user, and
   * this says so (BitcoinError SWITCH_IN_WALLET) instead of pretending.
   */
  switchNetwork({ connectorId, network }: { connectorId: string; network: CaipNetwork }): Promise<void> {
    return this.#switch(connectorId, network, false)
  }

  /** The switch, asked by the modal or (`fromApp`) by the app's provider, which the modal then follows. */
  async #switch(connectorId: string, network: CaipNetwork, fromApp: boolean): Promise<void> {
    const connection = this.#connections.get(connectorId)
    if (!connection) throw new WalletError('CONNECTOR_NOT_CONNECTED')
    const chain = this.#chain(network)
    if (!connection.connector.switchNetwork)
      throw new BitcoinError('SWITCH_IN_WALLET', undefined, network.name)
    await connection.connector.switchNetwork(chain)
    const usable = this.#accountsOn(chain, await connection.connector.connect(chain, true))
    this.#setNetwork(connection, network)
    // The network before the accounts, as a wallet's own switch tells it (#onNetwork).
    if (fromApp) this.#context?.emit({ type: 'chainChanged', connectorId, chainId: network.id })
    if (usable.length) this.#setAccounts(connectorId, connection, usable)
  }

  async getBalance({ address, network }: { address: string; network: CaipNetwork }): Promise<Balance> {
    if (!isAddressOn(address, this.#chain(network).address))
      throw new BitcoinError('INVALID_ADDRESS', undefined, address)
    const sats = await this.#esplora(network).balance(address)
    return { balance: formatSats(sats), symbol: network.nativeCurrency.symbol }
  }

  /** The latest transactions of `address` on `network`, from its Esplora. */
  getActivity({ address, network }: { address: string; network: CaipNetwork }): Promise<BitcoinActivity[]> {
    if (!isAddressOn(address, this.#chain(network).address))
      throw new BitcoinError('INVALID_ADDRESS', undefined, address)
    return this.#esplora(network).transactions(address)
  }

  getProvider(connectorId: string): BitcoinProvider | undefined {
    const connection = this.#connections.get(connectorId)
    if (!connection) return undefined
    connection.provider ??= bitcoinProvider({
      connector: connection.connector,
      connected: () => this.#connections.get(connectorId) === connection,
      accounts: () => connection.accounts,
      network: () => connection.network,
      chains: () =>
        this.#context?.networks.filter(
          (n) =>
            n.chainNamespace === 'bip122' && (connection.connector.chains?.includes(n.caipNetworkId) ?? true),
        ) ?? [],
      chain: () => this.#chain(connection.network),
      esplora: () => this.#esplora(connection.network),
      events: connection.events,
      disconnect: async () => {
        // A provider the app kept after its connection was replaced ends nothing.
        if (this.#connections.get(connectorId) === connection)
          await disconnectForApp(this.#context, connectorId, (id) => this.disconnect(id))
      },
      switchNetwork: async (caipNetworkId) => {
        const network = this.#context?.networks.find(
          (n) => n.chainNamespace === 'bip122' && n.caipNetworkId === caipNetworkId,
        )
        if (!network) throw new BitcoinError('UNKNOWN_NETWORK', undefined, caipNetworkId)
        return this.#switch(connectorId, network, true)
      },
    })
    return connection.provider
  }

  #chain(network: CaipNetwork): BitcoinChain {
    const chain = bitcoinChainOf(network)
    if (!chain) throw new BitcoinError('UNKNOWN_NETWORK', undefined, network.caipNetworkId)
    return chain
  }

  #esplora(network: CaipNetwork): EsploraClient {
    if (this.#options.esplora) return this.#options.esplora(network)
    const url = network.rpcUrls.default.http[0]
    if (!url)
      throw new BitcoinError('UNKNOWN_NETWORK', undefined, `${network.caipNetworkId} has no Esplora URL`)
    return esploraClient(url)
  }

  #connector(connectorId: string): BitcoinConnector {
    const connector = this.#connectors.find((c) => c.id === connectorId)
    if (!connector) throw new WalletError('PROVIDER_NOT_FOUND', undefined, connectorId)
    return connector
  }

  async #connectWalletConnect(
    network: CaipNetwork,
    onUri: ((uri: string) => void) | undefined,
    signal: AbortSignal | undefined,
  ): Promise<ConnectResult | undefined> {
    if (!this.#context?.walletConnect) throw new WalletError('WALLETCONNECT_NOT_FOUND')
    const transport = await this.#transport()
    const session = await transport.connect({
      networks: this.#context.networks,
      onUri: onUri ?? (() => undefined),
      signal,
    })
    const on = this.#sessionNetwork(session, network)
    if (!on) throw new WalletError('NO_COMMON_CHAINS')
    return this.#connect(walletConnectConnector(transport, session), on, false)
  }

  /** The network a session connects on: `network` when it has an account there, else its first the app has. */
  #sessionNetwork(session: WalletConnectSession, network: CaipNetwork): CaipNetwork | undefined {
    const networks = [network, ...(this.#context?.networks ?? [])].filter(
      (n) => n.chainNamespace === 'bip122' && bitcoinChainOf(n),
    )
    return networks.find((n) => sessionAddresses(session, n.caipNetworkId).length > 0)
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

  async #connect(
    connector: BitcoinConnector,
    network: CaipNetwork,
    silent: boolean,
  ): Promise<ConnectResult | undefined> {
    const connectorId = connector.id
    const chain = this.#chain(network)
    let accounts = this.#accountsOn(chain, await connector.connect(chain, silent))
    if (!accounts.length && !silent && connector.switchNetwork) {
      // The wallet is on another network: asked to move, its accounts are read again.
      await connector.switchNetwork(chain)
      accounts = this.#accountsOn(chain, await connector.connect(chain, true))
    }
    if (!accounts.length) {
      if (silent) return undefined
      throw new BitcoinError('SWITCH_IN_WALLET', undefined, network.name)
    }
    this.#forget(connectorId)
    const connection: Connection = {
      connector,
      accounts,
      network,
      off: () => undefined,
      events: new Emitter((error, event) =>
        this.#context?.report?.(`a listener of the Bitcoin provider's ${String(event)} threw`, error),
      ),
    }
    connection.off = connector.onChange((change) => this.#onChange(connectorId, change))
    this.#connections.set(connectorId, connection)
    const icon = safeUrl(connector.icon, 'image', `${connector.id} icon`, this.#context?.report)
    return {
      connectorId,
      address: (accounts[0] as BitcoinAccount).address,
      accounts: addresses(accounts),
      network,
      walletInfo: { name: connector.name, ...(icon ? { icon } : {}) },
    }
  }

  /**
   * The accounts of `accounts` whose address is on `chain`. A wallet's answer or event is page script: an
   * address of another network, or no address at all, must not reach the modal or a signing request.
   */
  #accountsOn(chain: BitcoinChain, accounts: readonly BitcoinAccount[]): BitcoinAccount[] {
    return accounts.filter((a) => isAddressOn(a.address, chain.address))
  }

  #onChange(connectorId: string, change: ConnectorChange): void {
    const connection = this.#connections.get(connectorId)
    if (!connection) return
    if (change.type === 'disconnect') this.#dropped(connectorId)
    else if (change.type === 'accounts') {
      // With none on the connection's chain the change is not taken, and the account shown stays: a wallet
      // moving network may send its new accounts before the network change, which then reads them.
      const accounts = this.#accountsOn(this.#chain(connection.network), change.accounts)
      if (accounts.length) this.#setAccounts(connectorId, connection, accounts)
    } else void this.#onNetwork(connectorId, connection, change.chain)
  }

  /**
   * The wallet moved to `chain`. Its accounts there are the ones it had that are addresses of `chain`;
   * when none is (mainnet and the test networks share no address), the wallet is asked again without a
   * prompt, as switchNetwork does, since it sends this event in the middle of a switch the modal asked for.
   * The network and accounts change together, so the modal never pairs the new chain with an old address.
   */
  async #onNetwork(connectorId: string, connection: Connection, chain: BitcoinChain): Promise<void> {
    const reference = chain.genesisHash.slice(0, 32)
    const network = this.#context?.networks.find(
      (n) => n.chainNamespace === 'bip122' && String(n.id) === reference,
    )
    if (!network) return
    let accounts = this.#accountsOn(chain, connection.accounts)
    if (!accounts.length)
      accounts = this.#accountsOn(chain, await connection.connector.connect(chain, true).catch(() => []))
    if (this.#connections.get(connectorId) !== connection) return
    if (!accounts.length) {
      this.#dropped(connectorId)
      return
    }
    const changed = addresses(accounts).join() !== addresses(connection.accounts).join()
    this.#setNetwork(connection, network)
    this.#context?.emit({ type: 'chainChanged', connectorId, chainId: network.id })
    if (changed) this.#setAccounts(connectorId, connection, accounts)
  }

  #setAccounts(connectorId: string, connection: Connection, accounts: BitcoinAccount[]): void {
    const [first] = accounts
    if (!first) return
    connection.accounts = accounts
    this.#context?.emit({
      type: 'accountChanged',
      connectorId,
      address: first.address,
      accounts: addresses(accounts),
    })
    connection.events.emit('accountsChanged', addresses(accounts))
  }

  /** The connection is on `network` now; its provider's listeners hear it when that is a change. */
  #setNetwork(connection: Connection, network: CaipNetwork): void {
    if (connection.network.caipNetworkId === network.caipNetworkId) return
    connection.network = network
    connection.events.emit('chainChanged', network.caipNetworkId)
  }

  #onConnectors(connectors: readonly BitcoinConnector[]): void {
    this.#connectors = connectors
    // A wallet that left the page takes its connection with it (a WalletConnect session is in no page).
    for (const [connectorId, connection] of [...this.#connections])
      if (connectorId !== walletConnectConnectorId && !connectors.includes(connection.connector))
        this.#dropped(connectorId)
    this.#context?.emit({ type: 'connectors', connectors: this.connectors() })
  }

  /** The wallet ended the connection (or left nothing to show): forgotten here, and the modal told. */
  #dropped(connectorId: string): void {
    this.#forget(connectorId)
    this.#context?.emit({ type: 'disconnect', connectorId })
  }

  /**
   * Ends a connection here; the provider the app holds for it hears `disconnect`, then asks the wallet nothing
   * more (its `connected` is false).
   */
  #forget(connectorId: string): void {
    const connection = this.#connections.get(connectorId)
    if (!connection) return
    connection.off()
    this.#connections.delete(connectorId)
    connection.events.emit('disconnect', undefined)
  }
}
