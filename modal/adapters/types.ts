import type { Reporter } from '../core/report.js'
import type { CaipNetwork, ChainNamespace } from '../networks/types.js'
import type { ConnectorInfo, TokenBalance, WalletInfo } from '../state/types.js'
import type { Eip1193Provider } from './eip1193Provider.js'
import type { WalletConnectTransportFactory } from './walletConnectTransport.js'

/** Which wallet acts, as which account, on which network. */
export type WalletCall = { connectorId: string; address: string; network: CaipNetwork }

export type { Eip1193Provider }

/**
 * The provider an app talks to its connected wallet through, per namespace: EIP-1193 on eip155. An adapter
 * package adds its own namespace by augmenting this interface (`@pairwise/solana` adds `solana`), so the
 * modal names no chain family it does not ship.
 */
export interface NamespaceProviders {
  eip155: Eip1193Provider
}

export type NamespaceProvider = NamespaceProviders[keyof NamespaceProviders]

export type ConnectParams = {
  connectorId: string
  network: CaipNetwork
  /** Called with each WalletConnect pairing URI the connector shows (a fresh one after expiry). */
  onUri?: (uri: string) => void
  /** Aborting it cancels a WalletConnect pairing still waiting for the wallet. */
  signal?: AbortSignal
}

export type ConnectResult = {
  connectorId: string
  address: string
  accounts: string[]
  network: CaipNetwork
  walletInfo: WalletInfo
}

export type AdapterEvent =
  | { type: 'accountChanged'; connectorId: string; address: string; accounts: string[] }
  | { type: 'chainChanged'; connectorId: string; chainId: number | string }
  /**
   * `byApp`: the app ended it through the provider (`provider.disconnect()`) and the wallet agreed, which the
   * modal reports as it reports its own disconnect; absent, the wallet ended it.
   */
  | { type: 'disconnect'; connectorId: string; byApp?: boolean }
  /**
   * The app began ending the connection through the provider; its `disconnect` (with `byApp` set) follows.
   * Whether the modal held it then decides the report: the end of a WalletConnect session shared with another
   * namespace may reach the modal through that namespace first.
   */
  | { type: 'disconnecting'; connectorId: string }
  /** New pending transactions on the connection's chain (only when the adapter watches them). */
  | { type: 'pendingTransactions'; connectorId: string; hashes: string[] }
  | { type: 'connectors'; connectors: ConnectorInfo[] }
  /**
   * A connection made without the modal asking for it: an app connecting through the adapter's own API
   * (wagmi's connect), or that API restoring one on load (`restored`, nothing was asked of the visitor).
   */
  | { type: 'connected'; result: ConnectResult; restored: boolean }
  /**
   * A WalletConnect pairing the app started through the adapter's own API (wagmi's connect) issued `uri`, the
   * first or a fresh one after an unanswered proposal expired: the modal shows it as it shows its own.
   * `attempt` settles as the connect does; `cancel` withdraws the pairing, failing the connect as a refusal.
   */
  | { type: 'pairingUri'; uri: string; attempt: Promise<unknown>; cancel: () => void }

export type Balance = { balance: string; symbol: string }

/** What the modal needs from one chain namespace; the eip155 adapter (viem) and the wagmi adapter implement it. */
export interface ChainAdapter {
  readonly namespace: ChainNamespace
  /** Starts connector discovery and event plumbing for `networks`; returns a stop function. */
  setup(context: AdapterContext): () => void
  connectors(): ConnectorInfo[]
  connect(params: ConnectParams): Promise<ConnectResult>
  /** Restores a remembered connection without prompting; undefined when the wallet no longer grants it. */
  reconnect(params: { connectorId: string; network: CaipNetwork }): Promise<ConnectResult | undefined>
  disconnect(connectorId: string): Promise<void>
  switchNetwork(params: { connectorId: string; network: CaipNetwork }): Promise<void>
  getBalance(params: { address: string; network: CaipNetwork }): Promise<Balance>
  /**
   * BAL-07: the token balances a wallet names itself on `network`, for an adapter whose wallets can say
   * they discover their assets; undefined when this one does not say so.
   */
  discoveredBalances?(params: {
    connectorId: string
    address: string
    network: CaipNetwork
  }): Promise<TokenBalance[] | undefined>
  getProvider(connectorId: string): NamespaceProvider | undefined
}

/** A connector listed at once whose provider loads when it is first connected or reconnected. */
export type PluggedConnector = {
  info: ConnectorInfo
  /** Its provider; on a reconnect undefined when its own session has ended (FRAME-11). */
  provider(reconnecting: boolean): Promise<Eip1193Provider | undefined>
  disconnect(): Promise<void>
}

export type AdapterContext = {
  networks: CaipNetwork[]
  /** The page's window, or any EventTarget standing in for it (tests, SSR). */
  target: EventTarget | undefined
  emit(event: AdapterEvent): void
  /** The app's WalletConnect transport, when a relay is configured and WalletConnect is enabled. */
  walletConnect?: WalletConnectTransportFactory | undefined
  /** A connector an app plugs in whose code loads on first use (the embedded wallet's auth connector). */
  plugged?: PluggedConnector | undefined
  enableInjected: boolean
  enableEIP6963: boolean
  /** The app's project id: chains on the hosted RPC list are read through `hostedRpcUrl` with it. */
  projectId?: string | undefined
  /** The hosted RPC the app configured; without one every chain is read through its own RPC URL. */
  hostedRpcUrl?: string | undefined
  /** Hears what the adapter left out of outside input (an unsafe icon URL); the app's debug output. */
  report?: Reporter | undefined
}
