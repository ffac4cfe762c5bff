import type { WalletConnectTransportFactory } from '../adapters/walletConnectTransport.js'
import { walletConnectConnectorId } from '../adapters/walletConnectTransport.js'
import type { CaipNetwork, ChainNamespace } from '../networks/types.js'
import type { AppState } from '../state/types.js'
import { groupByWallet } from '../wallets/groupByWallet.js'
import { currentConnection } from './account.js'
import {
  activateNamespace,
  addConnection,
  handledNamespaces,
  reconnectOne,
  rememberKey,
  removeConnection,
} from './connection.js'
import type { ModalContext, MultiNamespace } from './context.js'
import { projectKey, readProjectItem } from './projectMemory.js'
import { replace } from './router.js'

/**
 * What only an app with adapters in several namespaces needs (loaded for those alone, so an EVM-only page
 * carries none of it): connects that pick their namespace, one WalletConnect session across namespaces, and
 * the hand-over when the active namespace's wallet leaves.
 */

/**
 * The network a connect without one goes to: the active network when the connector serves its namespace;
 * for a connector of another namespace (a Solana wallet picked while EVM is active), the network that
 * namespace last used, else its first configured one.
 */
export function networkFor(ctx: ModalContext, connectorId: string): CaipNetwork | undefined {
  const state = ctx.store.get()
  // A connector id several namespaces share (WalletConnect) connects in the active one.
  const namespace = (
    state.connectors.find((c) => c.id === connectorId && c.chainNamespace === state.activeChain) ??
    state.connectors.find((c) => c.id === connectorId)
  )?.chainNamespace
  if (!namespace || namespace === state.activeNetwork?.chainNamespace) return state.activeNetwork
  return (
    currentConnection(ctx, namespace)?.caipNetwork ??
    state.networks.find((n) => n.chainNamespace === namespace)
  )
}

/**
 * After a connect: one WalletConnect approval covers every namespace the wallet granted, so the other
 * namespaces' adapters take up their part of the session (as on a reload), the active namespace unchanged.
 */
export async function afterConnect(
  ctx: ModalContext,
  connected: ChainNamespace,
  connectorId: string,
): Promise<void> {
  if (connectorId !== walletConnectConnectorId) return
  await Promise.all(
    [...ctx.adapters.values()]
      .filter((adapter) => adapter.namespace !== connected && !currentConnection(ctx, adapter.namespace))
      .filter((adapter) => adapter.connectors().some((c) => c.id === walletConnectConnectorId))
      .map(async (adapter) => {
        const network = ctx.store.get().networks.find((n) => n.chainNamespace === adapter.namespace)
        if (!network) return
        const result = await adapter
          .reconnect({ connectorId: walletConnectConnectorId, network })
          .catch(() => undefined)
        if (!result) return
        addConnection(ctx, adapter.namespace, result, false)
        ctx.memory.setItem(rememberKey(ctx, adapter.namespace), walletConnectConnectorId)
      }),
  )
}

/** After a disconnect: a WalletConnect session ends in every namespace it served; then the hand-over. */
export function afterDisconnect(ctx: ModalContext, namespace: ChainNamespace, connectorId: string): void {
  if (connectorId === walletConnectConnectorId)
    for (const other of handledNamespaces)
      if (other !== namespace) removeConnection(ctx, other, walletConnectConnectorId)
  handOver(ctx)
}

/** The active namespace has no wallet left: a wallet still connected in another one takes over. */
export function handOver(ctx: ModalContext): void {
  const { activeChain } = ctx.store.get()
  if (!activeChain || currentConnection(ctx, activeChain)) return
  const other = handledNamespaces
    .map((namespace) => ({ namespace, connection: currentConnection(ctx, namespace) }))
    .find(({ connection }) => connection !== undefined)
  if (other?.connection) activateNamespace(ctx, other.namespace, other.connection.caipNetwork)
}

/** The active network (and with it the active namespace) a reload comes back to, the instance's own. */
const activeNetworkItem = 'pairwise:activeNetwork'

/**
 * Restores each namespace's remembered wallet, then makes active the network that was active before the
 * reload: the namespace whose wallet answers last must not decide which the page shows. From then on the
 * active network is remembered for the next load.
 */
export async function reconnect(ctx: ModalContext): Promise<void> {
  const { networks } = ctx.store.get()
  const { projectId } = ctx.options
  const rememberedId = readProjectItem(ctx.memory, activeNetworkItem, projectId)
  const remembered = networks.find((n) => n.caipNetworkId === rememberedId)
  const restored = await Promise.all(
    [...ctx.adapters.values()].map((adapter) => {
      const network =
        remembered?.chainNamespace === adapter.namespace
          ? remembered
          : networks.find((n) => n.chainNamespace === adapter.namespace)
      return network && reconnectOne(ctx, adapter, network, false)
    }),
  )
  const back =
    restored.find((r) => r?.network.chainNamespace === remembered?.chainNamespace) ??
    restored.find((r) => r !== undefined)
  if (back) activateNamespace(ctx, back.network.chainNamespace, back.network)
  let last = remembered?.caipNetworkId
  ctx.store.subscribe(({ activeNetwork }) => {
    if (!activeNetwork || activeNetwork.caipNetworkId === last) return
    last = activeNetwork.caipNetworkId
    ctx.memory.setItem(projectKey(activeNetworkItem, projectId), last)
  })
}

/** The chain families' own names (not translated): a wallet serving several shows them. */
const namespaceNames: Record<ChainNamespace, string> = {
  eip155: 'EVM',
  solana: 'Solana',
  bip122: 'Bitcoin',
  polkadot: 'Polkadot',
  cosmos: 'Cosmos',
}

/**
 * Keeps Connect's rows: each wallet once, connecting in the active namespace, with the namespaces it serves
 * when more than one (Connect keeps those its filters list), or only the wallets of the namespace the app
 * opened the modal for; and shows Connect instead of an Account with no account. Returns the stop.
 */
export function followStore(ctx: ModalContext): () => void {
  let seen: unknown[] = []
  const update = ({ connectors, activeChain, connectNamespace }: AppState) => {
    if (seen[0] === connectors && seen[1] === activeChain && seen[2] === connectNamespace) return
    seen = [connectors, activeChain, connectNamespace]
    const offered = connectNamespace
      ? connectors.filter((connector) => connector.chainNamespace === connectNamespace)
      : connectors
    const walletRows = groupByWallet(offered, activeChain).map(({ connector, namespaces }) =>
      namespaces.length > 1
        ? { connector, note: namespaces.map((n) => namespaceNames[n]).join(' · ') }
        : { connector },
    )
    ctx.store.set({ walletRows })
  }
  // A switch to a namespace with no wallet yet leaves Account with nothing to show: Connect takes its place.
  const noAccount = ({ open, router, account }: AppState) => {
    if (open && router.view === 'Account' && !account.address) replace(ctx, { view: 'Connect' })
  }
  update(ctx.store.get())
  const stops = [ctx.store.subscribe(update), ctx.store.subscribe(noAccount)]
  return () => {
    for (const stop of stops) stop()
  }
}

/**
 * One WalletConnect transport for every adapter that asks (each namespace's), so one session serves them
 * all; a failed load is not kept, and the next connect tries again.
 */
export function shareTransport(
  factory: WalletConnectTransportFactory | undefined,
): WalletConnectTransportFactory | undefined {
  if (!factory) return undefined
  let shared: ReturnType<WalletConnectTransportFactory> | undefined
  return () => {
    shared ??= factory()
    shared.catch(() => {
      shared = undefined
    })
    return shared
  }
}

/** The whole set as one value, which an adapter beyond EVM carries as its `multiNamespace`. */
export const multiNamespace: MultiNamespace = {
  networkFor,
  afterConnect,
  afterDisconnect,
  handOver,
  reconnect,
  followStore,
  shareTransport,
}
