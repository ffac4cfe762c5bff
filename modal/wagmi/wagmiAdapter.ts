import { http, type Transport, UserRejectedRequestError } from 'viem'
import { type Config, type Connector, createConfig, type Storage } from 'wagmi'
import { connect, disconnect, switchAccount } from 'wagmi/actions'
import { disconnectForApp } from '../adapters/disconnectForApp.js'
import { Eip155Adapter, type Eip155AdapterOptions } from '../adapters/eip155/eip155Adapter.js'
import type { AdapterContext, AdapterEvent, ConnectParams, ConnectResult } from '../adapters/types.js'
import { walletConnectConnectorId } from '../adapters/walletConnectTransport.js'
import { isUserRejection, WalletError } from '../controllers/errors.js'
import { OptionsError } from '../controllers/options.js'
import type { CaipNetwork, EvmNetwork } from '../networks/types.js'
import type { ConnectorInfo } from '../state/types.js'
import { addConnector, removeConnector } from './addConnector.js'
import { type BridgeHost, bridgeConnector, wagmiAccounts } from './bridgeConnector.js'

export type WagmiAdapterOptions = Eip155AdapterOptions & {
  networks: EvmNetwork[]
  projectId?: string
  /** Per-chain transports; by default each network's first RPC URL over HTTP. */
  transports?: Record<number, Transport>
  ssr?: boolean
  /** Where wagmi keeps its state (a cookie storage for SSR); null keeps nothing, as in wagmi's createConfig. */
  storage?: Storage | null
}

/** `claimed` once its connect reached the bridge: one reaching it later is the app's own. */
type Pending = { params: ConnectParams; result?: ConnectResult; claimed?: boolean }

/**
 * The eip155 adapter with a wagmi config whose connectors are the modal's: connecting, switching and
 * disconnecting go through wagmi's actions, and a connection made through wagmi reaches the modal, so wagmi
 * hooks and the modal agree on one connection whichever side started it.
 */
export class WagmiAdapter extends Eip155Adapter {
  readonly wagmiConfig: Config
  readonly projectId: string | undefined
  readonly #networks: EvmNetwork[]
  readonly #bridges = new Map<string, Connector>()
  /** The modal's own connects and reconnects under way: their results go back to the modal, not as events. */
  readonly #pending = new Map<string, Pending>()
  /** The connect under way with each connector, and whether the modal started it. */
  readonly #connecting = new Map<string, { attempt: Promise<ConnectResult>; forModal: boolean }>()
  readonly #infos = new Map<string, ConnectorInfo>()
  /** The connectors the modal is disconnecting through wagmi: it reports those disconnects itself. */
  readonly #disconnecting = new Set<string>()
  #context: AdapterContext | undefined

  constructor(options: WagmiAdapterOptions) {
    const { networks, projectId, transports, ssr, storage, ...eip155 } = options
    super(eip155)
    if (networks.length === 0) throw new OptionsError('networks: WagmiAdapter needs at least one network')
    this.#networks = networks
    this.projectId = projectId
    this.wagmiConfig = createConfig({
      chains: networks as unknown as readonly [EvmNetwork, ...EvmNetwork[]],
      transports:
        transports ??
        Object.fromEntries(networks.map((n) => [Number(n.id), http(n.rpcUrls.default.http[0])])),
      connectors: [],
      multiInjectedProviderDiscovery: false,
      // Left undefined, each takes wagmi's default (createConfig destructures them with defaults).
      ssr,
      storage,
    })
  }

  override setup(context: AdapterContext): () => void {
    this.#context = context
    return super.setup({
      ...context,
      emit: (event) => {
        if (event.type === 'connectors') this.#offer(event.connectors)
        else this.#tellWagmi(event)
        context.emit(event)
      },
    })
  }

  /**
   * wagmi lists the connectors the modal lists, from the moment it lists them, so an app can make the first
   * connection through wagmi; one the modal stops offering leaves wagmi's list unless it is connected or
   * connecting.
   */
  #offer(connectors: ConnectorInfo[]): void {
    for (const info of connectors) {
      this.#infos.set(info.id, info)
      this.#bridge(info.id)
    }
    const offered = new Set(connectors.map((info) => info.id))
    for (const [connectorId, connector] of this.#bridges) {
      const inUse = this.#pending.has(connectorId) || this.wagmiConfig.state.connections.has(connector.uid)
      if (offered.has(connectorId) || inUse) continue
      removeConnector(this.wagmiConfig, connector)
      this.#bridges.delete(connectorId)
    }
  }

  /**
   * Wallet-side changes (account, chain, disconnect) reach wagmi's state through the bridge connector's emitter,
   * as its own connectors do; every other event is the modal's alone.
   */
  #tellWagmi(event: AdapterEvent): void {
    if (event.type !== 'accountChanged' && event.type !== 'chainChanged' && event.type !== 'disconnect')
      return
    const emitter = this.#bridges.get(event.connectorId)?.emitter
    if (!emitter) return
    if (event.type === 'accountChanged') emitter.emit('change', { accounts: wagmiAccounts(event.accounts) })
    else if (event.type === 'chainChanged') emitter.emit('change', { chainId: Number(event.chainId) })
    else emitter.emit('disconnect')
  }

  override async connect(params: ConnectParams): Promise<ConnectResult> {
    return this.#throughWagmi(params, false)
  }

  override async reconnect(params: {
    connectorId: string
    network: CaipNetwork
  }): Promise<ConnectResult | undefined> {
    return this.#throughWagmi(params, true).catch(() => undefined)
  }

  async #throughWagmi(params: ConnectParams, reconnecting: boolean): Promise<ConnectResult> {
    const pending: Pending = { params }
    this.#pending.set(params.connectorId, pending)
    try {
      const connector = this.#bridge(params.connectorId)
      if (this.wagmiConfig.state.connections.has(connector.uid)) {
        const held = await this.#takeOver(connector, params)
        if (held) return held
        if (reconnecting) throw new WalletError('CONNECTOR_NOT_CONNECTED')
        // wagmi refuses to connect its current connector again, and the wallet no longer grants this one.
        if (this.wagmiConfig.state.current === connector.uid)
          await this.#disconnectForModal(params.connectorId, connector)
      }
      // No chainId: the bridge would switch to it, and the modal keeps a wallet's chain when it is configured.
      const connecting = connect(this.wagmiConfig, {
        connector,
        ...(reconnecting ? { isReconnecting: true } : {}),
      } as Parameters<typeof connect>[1])
      // wagmi's connect reads 'connecting' at once; a connection restored on load reads 'reconnecting', as in
      // wagmi's own reconnect, so that apps keep a returning visitor's view (isReconnecting) meanwhile.
      if (reconnecting && this.wagmiConfig.state.status === 'connecting')
        this.wagmiConfig.setState((state) => ({ ...state, status: 'reconnecting' }))
      await connecting
      if (!pending.result) throw new WalletError('CONNECTOR_RECONNECTING')
      return pending.result
    } catch (error) {
      // The bridge wraps a refusal for wagmi's callers; the modal reports the wallet's own error.
      throw error instanceof UserRejectedRequestError && isUserRejection(error.cause) ? error.cause : error
    } finally {
      this.#pending.delete(params.connectorId)
    }
  }

  /**
   * The connection wagmi already holds with `connector` (made through wagmi, or restored by its reconnect on
   * load), taken over without asking the wallet: ending it first would revoke the wallet's permission.
   * Undefined when the wallet no longer grants it.
   */
  async #takeOver(connector: Connector, params: ConnectParams): Promise<ConnectResult | undefined> {
    const result = await super.reconnect({ connectorId: params.connectorId, network: params.network })
    if (result && this.wagmiConfig.state.current !== connector.uid)
      await switchAccount(this.wagmiConfig, { connector })
    return result
  }

  override async disconnect(connectorId: string): Promise<void> {
    const connector = this.#bridges.get(connectorId)
    if (connector && this.wagmiConfig.state.connections.has(connector.uid))
      await this.#disconnectForModal(connectorId, connector)
    else await super.disconnect(connectorId)
  }

  async #disconnectForModal(connectorId: string, connector: Connector): Promise<void> {
    this.#disconnecting.add(connectorId)
    try {
      await disconnect(this.wagmiConfig, { connector })
    } finally {
      this.#disconnecting.delete(connectorId)
    }
  }

  #emit(event: AdapterEvent): void {
    this.#context?.emit(event)
  }

  #bridge(connectorId: string): Connector {
    const existing = this.#bridges.get(connectorId)
    if (existing) return existing
    const info: ConnectorInfo = this.#infos.get(connectorId) ?? {
      id: connectorId,
      name: connectorId,
      type: 'ANNOUNCED',
      chainNamespace: 'eip155',
    }
    const connector = addConnector(this.wagmiConfig, bridgeConnector(info, this.#host()))
    this.#bridges.set(connectorId, connector)
    return connector
  }

  /**
   * A connect wagmi's caller started: a WalletConnect pairing shows its QR code in the modal, as wagmi's own
   * WalletConnect connector shows its modal, and the visitor leaving that view withdraws it.
   */
  #connectForWagmi(connectorId: string, network: CaipNetwork): Promise<ConnectResult> {
    if (connectorId !== walletConnectConnectorId) return super.connect({ connectorId, network })
    const controller = new AbortController()
    const cancel = () => controller.abort()
    // onUri runs only after the transport has loaded (awaited first), so `attempt` is assigned by then.
    const attempt: Promise<ConnectResult> = super.connect({
      connectorId,
      network,
      signal: controller.signal,
      onUri: (uri) => this.#emit({ type: 'pairingUri', uri, attempt, cancel }),
    })
    return attempt
  }

  async #connectNow(
    connectorId: string,
    reconnecting: boolean,
    pending: Pending | undefined,
  ): Promise<ConnectResult> {
    // The constructor refuses an empty list, so there is always a first network.
    const network = pending?.params.network ?? this.#networks[0]!
    const result = reconnecting
      ? await super.reconnect({ connectorId, network })
      : await (pending ? super.connect(pending.params) : this.#connectForWagmi(connectorId, network))
    if (!result) throw new WalletError('CONNECTOR_NOT_CONNECTED')
    // Started from wagmi (its connect, or its reconnect on load): the modal learns it as a connection.
    if (!pending)
      this.#onceWagmiHolds(connectorId, () =>
        this.#emit({ type: 'connected', result, restored: reconnecting }),
      )
    return result
  }

  /**
   * Calls `then` once wagmi's state holds the connection with `connectorId` (at once when it already does, as
   * restored from a cookie), which its connect records only after the connector answered; not at all when
   * that connect fails first. What the modal does on learning of it (disconnecting the one it replaces) must
   * not race wagmi's own write of its connections.
   */
  #onceWagmiHolds(connectorId: string, then: () => void): void {
    const uid = this.#bridge(connectorId).uid
    if (this.wagmiConfig.state.connections.has(uid)) {
      then()
      return
    }
    const unsubscribe = this.wagmiConfig.subscribe(
      (state) => (state.connections.has(uid) ? 'held' : state.status),
      (now) => {
        if (now === 'connecting' || now === 'reconnecting') return
        unsubscribe()
        if (now === 'held') then()
      },
    )
  }

  #host(): BridgeHost {
    return {
      networks: () => this.#networks,
      connectNow: async (connectorId, reconnecting) => {
        const pending = this.#pending.get(connectorId)
        const ours = pending && !pending.claimed ? pending : undefined
        if (ours) ours.claimed = true
        const running = this.#connecting.get(connectorId)
        // One wallet prompt or pairing at a time: the app's connect while the modal's is under way (or the
        // other way round) ends as that one does. A new one of the modal's (a view replacing another) does
        // not join the one it replaces, which is being withdrawn.
        const joined = running && !(running.forModal && ours) ? running.attempt : undefined
        const attempt = joined ?? this.#connectNow(connectorId, reconnecting, ours)
        if (!joined) this.#connecting.set(connectorId, { attempt, forModal: ours !== undefined })
        try {
          const result = await attempt
          if (ours) ours.result = result
          return result
        } finally {
          if (this.#connecting.get(connectorId)?.attempt === attempt) this.#connecting.delete(connectorId)
        }
      },
      disconnectNow: async (connectorId) => {
        // The modal records and reports its own disconnects; one started from wagmi's side (the app's
        // useDisconnect) is the app's, reaching the modal as an app's provider.disconnect() does.
        if (this.#disconnecting.has(connectorId)) return super.disconnect(connectorId)
        await disconnectForApp(this.#context, connectorId, (id) => super.disconnect(id))
      },
      switchNow: (connectorId, network) => super.switchNetwork({ connectorId, network }),
      provider: (connectorId) => this.getProvider(connectorId),
    }
  }
}
