import type { ChainAdapter } from '../adapters/types.js'
import { walletConnectConnectorId } from '../adapters/walletConnectTransport.js'
import type { CaipNetwork, ChainNamespace } from '../networks/types.js'
import { currentConnection } from './account.js'
import {
  activateNamespace,
  addConnection,
  handledNamespaces,
  reconnectOne,
  rememberKey,
  removeConnection,
} from './connection.js'
import type { ModalContext } from './context.js'

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
        addConnection(ctx, adapter.namespace, result, { activate: false })
        ctx.memory.setItem(rememberKey(adapter.namespace), walletConnectConnectorId)
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

/** The active network (and with it the active namespace) a reload comes back to. */
const activeNetworkKey = 'pairwise:activeNetwork'

/**
 * Restores each namespace's remembered wallet, then makes active the network that was active before the
 * reload: the namespace whose wallet answers last must not decide which the page shows. From then on the
 * active network is remembered for the next load.
 */
export async function reconnect(
  ctx: ModalContext,
  connectors: readonly (readonly [ChainAdapter, string | null])[],
): Promise<void> {
  const { networks } = ctx.store.get()
  const remembered = networks.find((n) => n.caipNetworkId === ctx.memory.getItem(activeNetworkKey))
  const restored = await Promise.all(
    connectors.map(([adapter, connectorId]) => {
      const network =
        remembered?.chainNamespace === adapter.namespace
          ? remembered
          : networks.find((n) => n.chainNamespace === adapter.namespace)
      return network && connectorId ? reconnectOne(ctx, adapter, connectorId, network, false) : undefined
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
    ctx.memory.setItem(activeNetworkKey, last)
  })
}
