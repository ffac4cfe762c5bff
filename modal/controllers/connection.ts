import type { ChainAdapter, ConnectResult } from '../adapters/types.js'
import type { CaipNetwork, ChainNamespace } from '../networks/types.js'
import { unsupportedNetwork } from '../networks/unsupportedNetwork.js'
import { type Connection, initialAccount, type NamespaceConnection } from '../state/types.js'
import { accountFor, currentConnection, refreshBalance } from './account.js'
import { showAlert } from './alerts.js'
import type { ModalContext } from './context.js'
import { WalletError } from './errors.js'
import { multiWalletEnabled } from './features.js'
import { projectKey, readProjectItem } from './projectMemory.js'

const connectorItem = (namespace: ChainNamespace) => `pairwise:connector:${namespace}`

/** The item remembering the connector `namespace` reconnects to on the next load, the instance's own. */
export const rememberKey = (ctx: ModalContext, namespace: ChainNamespace) =>
  projectKey(connectorItem(namespace), ctx.options.projectId)

/**
 * ERR-42: the namespaces the modal has connection handling for (AppKit 1.7's eip155, solana and bip122
 * adapters). polkadot and cosmos are CAIP namespaces a network may name, but nothing here can connect them.
 */
export const handledNamespaces: readonly ChainNamespace[] = ['eip155', 'solana', 'bip122']

export function adapterFor(ctx: ModalContext, namespace: ChainNamespace | undefined): ChainAdapter {
  if (!namespace) throw new WalletError('NAMESPACE_REQUIRED')
  if (!handledNamespaces.includes(namespace)) throw new WalletError('UNSUPPORTED_NAMESPACE')
  const adapter = ctx.adapters.get(namespace)
  if (!adapter) throw new WalletError('ADAPTER_MISSING')
  return adapter
}

function entry(ctx: ModalContext, namespace: ChainNamespace): NamespaceConnection {
  return ctx.store.get().connections[namespace] ?? { status: 'disconnected', connections: [] }
}

function setEntry(ctx: ModalContext, namespace: ChainNamespace, next: NamespaceConnection): void {
  ctx.store.set(({ connections }) => ({ connections: { ...connections, [namespace]: next } }))
}

/**
 * Mirrors the namespace's current connection into account state when it is the active namespace: its
 * address and its own wallet's name and icon, never those of the wallet current before it.
 */
function syncAccount(ctx: ModalContext, namespace: ChainNamespace): void {
  if (ctx.store.get().activeChain !== namespace) return
  const connection = currentConnection(ctx, namespace)
  const account = accountFor(connection)
  ctx.store.set({
    account: { ...account, status: entry(ctx, namespace).status },
    ...(connection ? { activeNetwork: connection.caipNetwork } : {}),
  })
  if (connection) void refreshBalance(ctx)
}

/**
 * Connects `connectorId` on `network`: connecting, then connected; a failure returns to connected when a
 * connection exists and to disconnected otherwise (CONN-03..05). Aborting `signal` (the visitor left the
 * view) cancels a pending WalletConnect pairing and settles the status at once, reporting no error.
 */
export async function connect(
  ctx: ModalContext,
  params: { connectorId: string; network?: CaipNetwork; onUri?: (uri: string) => void; signal?: AbortSignal },
): Promise<ConnectResult> {
  const { signal } = params
  signal?.throwIfAborted()
  const network =
    params.network ?? ctx.multiNamespace?.networkFor(ctx, params.connectorId) ?? ctx.store.get().activeNetwork
  if (!network) throw new WalletError('CHAIN_NOT_CONFIGURED')
  const namespace = network.chainNamespace
  const adapter = adapterFor(ctx, namespace)
  const before = entry(ctx, namespace)
  if (before.status === 'reconnecting') throw new WalletError('CONNECTOR_RECONNECTING')
  const current = currentConnection(ctx, namespace)
  if (current?.connectorId === params.connectorId) throw new WalletError('CONNECTOR_ALREADY_CONNECTED')
  // ROLE-09, ERR-23: a second wallet beside a connected one is a multi-wallet function.
  if (current && !multiWalletEnabled(ctx.store.get())) {
    showAlert(ctx, 'info', { key: 'alert.multiWalletNotEnabled' })
    throw new WalletError('MULTI_WALLET_NOT_ENABLED')
  }
  setEntry(ctx, namespace, { ...before, status: 'connecting' })
  syncStatus(ctx, namespace)
  // Not when the adapter's rejection arrives: by then the visitor may have started another connect.
  const settle = () => settleStatus(ctx, namespace)
  signal?.addEventListener('abort', settle, { once: true })
  try {
    const result = await adapter.connect({
      connectorId: params.connectorId,
      network,
      ...(params.onUri ? { onUri: params.onUri } : {}),
      ...(signal ? { signal } : {}),
    })
    await onConnected(ctx, namespace, result, false)
    return result
  } catch (error) {
    if (signal?.aborted) throw error
    settle()
    ctx.events.emit('CONNECT_ERROR', { message: error instanceof Error ? error.message : String(error) })
    throw error
  } finally {
    signal?.removeEventListener('abort', settle)
  }
}

/**
 * Records a connection the adapter made, the same whether the modal asked for it or the app did through the
 * adapter's own API (wagmi's connect): it becomes the current one and is remembered for the next load. A
 * `restored` one (nothing asked of the visitor) is no new connect, so it is not announced as one.
 */
export async function onConnected(
  ctx: ModalContext,
  namespace: ChainNamespace,
  result: ConnectResult,
  restored: boolean,
): Promise<void> {
  const held = currentConnection(ctx, namespace)
  if (restored && held && held.connectorId !== result.connectorId) {
    // Restored beside the one the modal restored itself (wagmi's reconnect brings back every connector it
    // stored): it joins that one, which stays the one shown and remembered, as it stays wagmi's current one.
    const before = entry(ctx, namespace)
    const others = before.connections.filter((c) => c.connectorId !== result.connectorId)
    const connections = [...others, connectionFrom(result)]
    setEntry(ctx, namespace, { ...before, connections, current: connections.indexOf(held) })
    return
  }
  // A restored one leaves another namespace active, as the modal's own restore does.
  addConnection(ctx, namespace, result, !restored || ctx.store.get().activeChain === namespace)
  ctx.memory.setItem(rememberKey(ctx, namespace), result.connectorId)
  if (restored) return
  await replaceHeld(ctx, namespace, result.connectorId)
  await ctx.multiNamespace?.afterConnect(ctx, namespace, result.connectorId)
  ctx.events.emit('CONNECT_SUCCESS', { method: result.connectorId, name: result.walletInfo.name })
}

/** A connect that ended without a connection: back to connected when one exists, disconnected otherwise. */
function settleStatus(ctx: ModalContext, namespace: ChainNamespace): void {
  const after = entry(ctx, namespace)
  setEntry(ctx, namespace, { ...after, status: after.connections.length > 0 ? 'connected' : 'disconnected' })
  syncStatus(ctx, namespace)
}

export function addConnection(
  ctx: ModalContext,
  namespace: ChainNamespace,
  result: ConnectResult,
  activate = true,
): void {
  const before = entry(ctx, namespace)
  const others = before.connections.filter((c) => c.connectorId !== result.connectorId)
  const connections = [connectionFrom(result), ...others]
  setEntry(ctx, namespace, { status: 'connected', connections, current: 0 })
  if (activate) ctx.store.set({ activeChain: namespace, activeNetwork: result.network })
  syncAccount(ctx, namespace)
}

function connectionFrom(result: ConnectResult): Connection {
  const { connectorId, accounts, network, walletInfo } = result
  return { connectorId, accounts, caipNetwork: network, walletInfo }
}

/**
 * Makes `namespace` active on `network`. The account shown becomes that namespace's own: another
 * namespace's address and wallet must not stay on screen (CHAIN-06, OPEN-07).
 */
export function activateNamespace(ctx: ModalContext, namespace: ChainNamespace, network: CaipNetwork): void {
  const changed = ctx.store.get().activeChain !== namespace
  ctx.store.set({
    activeChain: namespace,
    activeNetwork: network,
    ...(changed ? { account: initialAccount } : {}),
  })
  syncAccount(ctx, namespace)
}

function syncStatus(ctx: ModalContext, namespace: ChainNamespace): void {
  const state = ctx.store.get()
  if (state.activeChain !== namespace) return
  ctx.store.set({ account: { ...state.account, status: entry(ctx, namespace).status } })
}

/** Disconnects the current connection; EVM then switches to the first remaining one (CONN-06, CONN-07). */
export async function disconnect(ctx: ModalContext, namespace = ctx.store.get().activeChain): Promise<void> {
  const adapter = adapterFor(ctx, namespace)
  const current = currentConnection(ctx, adapter.namespace)
  if (!current) throw new WalletError('CONNECTOR_NOT_CONNECTED')
  await endConnection(ctx, adapter, current.connectorId)
}

async function endConnection(ctx: ModalContext, adapter: ChainAdapter, connectorId: string): Promise<void> {
  await adapter.disconnect(connectorId)
  dropConnection(ctx, adapter.namespace, connectorId)
  ctx.events.emit('DISCONNECT_SUCCESS')
}

/**
 * Drops a connection that ended, however it ended (the modal's disconnect, the app's, the wallet's): a
 * WalletConnect session's in every namespace it served. False when the modal held none, which leaves the
 * other namespaces alone: the session's end already reached them.
 */
export function dropConnection(ctx: ModalContext, namespace: ChainNamespace, connectorId: string): boolean {
  if (!removeConnection(ctx, namespace, connectorId)) return false
  ctx.multiNamespace?.afterDisconnect(ctx, namespace, connectorId)
  return true
}

/** Whether the modal holds a connection of `connectorId` in `namespace`, current or not. */
export function holdsConnection(ctx: ModalContext, namespace: ChainNamespace, connectorId: string): boolean {
  return entry(ctx, namespace).connections.some((c) => c.connectorId === connectorId)
}

/**
 * ROLE-09: without multi-wallet the modal holds one wallet per namespace, so a connection made beside the one
 * held (the app's, through the adapter's own API: wagmi's connect) replaces it, as in AppKit: the old one is
 * disconnected as the modal's own disconnect does it. One whose wallet fails to end it is dropped all the same.
 */
async function replaceHeld(ctx: ModalContext, namespace: ChainNamespace, kept: string): Promise<void> {
  if (multiWalletEnabled(ctx.store.get())) return
  const adapter = adapterFor(ctx, namespace)
  const others = entry(ctx, namespace).connections.filter((c) => c.connectorId !== kept)
  for (const { connectorId } of others)
    await endConnection(ctx, adapter, connectorId).catch(() => removeConnection(ctx, namespace, connectorId))
}

/** Drops the connection of `connectorId` in `namespace`; false when the modal held none. */
export function removeConnection(ctx: ModalContext, namespace: ChainNamespace, connectorId: string): boolean {
  const before = entry(ctx, namespace)
  const connections = before.connections.filter((c) => c.connectorId !== connectorId)
  if (connections.length === before.connections.length) return false
  const first = connections[0]
  if (first) {
    setEntry(ctx, namespace, { status: 'connected', connections, current: 0 })
    ctx.memory.setItem(rememberKey(ctx, namespace), first.connectorId)
  } else {
    setEntry(ctx, namespace, { status: 'disconnected', connections })
    ctx.memory.removeItem(rememberKey(ctx, namespace))
  }
  syncAccount(ctx, namespace)
  if (first || ctx.store.get().activeChain !== namespace) return true
  ctx.store.set({ account: { status: 'disconnected', balanceLoading: false } })
  ctx.multiNamespace?.handOver(ctx)
  return true
}

/** Restores the remembered connector of each namespace without opening the modal. */
export async function reconnect(ctx: ModalContext): Promise<void> {
  if (ctx.multiNamespace) return ctx.multiNamespace.reconnect(ctx)
  await Promise.all(
    [...ctx.adapters.values()].map((adapter) => {
      const network = ctx.store.get().networks.find((n) => n.chainNamespace === adapter.namespace)
      return network && reconnectOne(ctx, adapter, network, true)
    }),
  )
}

/** Restores `adapter`'s remembered connector on `network`; `activate` makes its namespace the active one. */
export async function reconnectOne(
  ctx: ModalContext,
  adapter: ChainAdapter,
  network: CaipNetwork,
  activate: boolean,
): Promise<ConnectResult | undefined> {
  const connectorId = readProjectItem(ctx.memory, connectorItem(adapter.namespace), ctx.options.projectId)
  if (!connectorId) return undefined
  const before = entry(ctx, adapter.namespace)
  setEntry(ctx, adapter.namespace, { ...before, status: 'reconnecting' })
  syncStatus(ctx, adapter.namespace)
  const result = await adapter.reconnect({ connectorId, network }).catch(() => undefined)
  if (result) {
    addConnection(ctx, adapter.namespace, result, activate)
    return result
  }
  ctx.memory.removeItem(rememberKey(ctx, adapter.namespace))
  setEntry(ctx, adapter.namespace, { ...entry(ctx, adapter.namespace), status: 'disconnected' })
  syncStatus(ctx, adapter.namespace)
  return undefined
}

/** Wallet-side account or chain changes (CONN-08, CONN-09). */
export function onAccountChanged(
  ctx: ModalContext,
  namespace: ChainNamespace,
  connectorId: string,
  accounts: string[],
): void {
  if (accounts.length === 0) {
    removeConnection(ctx, namespace, connectorId)
    return
  }
  updateConnection(ctx, namespace, connectorId, (c) => ({ ...c, accounts }))
}

export function onChainChanged(
  ctx: ModalContext,
  namespace: ChainNamespace,
  connectorId: string,
  chainId: number | string,
): void {
  const network = ctx.store
    .get()
    .networks.find((n) => n.chainNamespace === namespace && String(n.id) === String(chainId))
  const caipNetwork = network ?? unsupportedNetwork(namespace, chainId)
  updateConnection(ctx, namespace, connectorId, (c) => ({ ...c, caipNetwork }))
}

function updateConnection(
  ctx: ModalContext,
  namespace: ChainNamespace,
  connectorId: string,
  change: (c: Connection) => Connection,
): void {
  const before = entry(ctx, namespace)
  const index = before.connections.findIndex((c) => c.connectorId === connectorId)
  const existing = before.connections[index]
  if (!existing) return
  const connections = before.connections.map((c, i) => (i === index ? change(c) : c))
  setEntry(ctx, namespace, { ...before, connections })
  if (index === before.current) syncAccount(ctx, namespace)
}

export function isSupported(ctx: ModalContext, network: CaipNetwork | undefined): boolean {
  return Boolean(network && ctx.store.get().networks.some((n) => n.caipNetworkId === network.caipNetworkId))
}

/** OPEN-16: connected on a chain the app did not configure, and the app does not allow that. */
export function onUnsupportedChain(ctx: ModalContext): boolean {
  const { activeNetwork, account } = ctx.store.get()
  return Boolean(account.address) && !ctx.options.allowUnsupportedChain && !isSupported(ctx, activeNetwork)
}
