import type { Balance } from '../adapters/types.js'
import { caipAddress } from '../networks/defineNetwork.js'
import type { CaipNetwork, ChainNamespace } from '../networks/types.js'
import { type AccountState, type AppState, type Connection, initialAccount } from '../state/types.js'
import type { ModalContext } from './context.js'

/** Account state for the current connection of the active namespace, under that connection's own wallet. */
export function accountFor(connection: Connection | undefined): AccountState {
  const address = connection?.accounts[0]
  if (!connection || !address) return initialAccount
  const explorer = connection.caipNetwork.blockExplorers?.default.url
  return {
    status: 'connected',
    address,
    caipAddress: caipAddress(connection.caipNetwork, address),
    balanceSymbol: connection.caipNetwork.nativeCurrency.symbol,
    balanceLoading: false,
    ...(explorer ? { addressExplorerUrl: `${explorer.replace(/\/$/, '')}/address/${address}` } : {}),
    connectedWalletInfo: connection.walletInfo,
  }
}

export function currentConnection(ctx: ModalContext, namespace: ChainNamespace): Connection | undefined {
  return connectionOf(ctx.store.get(), namespace)
}

export function connectionOf(
  state: Pick<AppState, 'connections'>,
  namespace: ChainNamespace,
): Connection | undefined {
  const entry = state.connections[namespace]
  return entry?.current === undefined ? undefined : entry.connections[entry.current]
}

/**
 * Loads the native balance of the active account; failures show 'Token Balance Unavailable' and 0.00.
 * Resolves with the balance read (for the account asked about, even if another is active by then), or
 * undefined when there was none to read or the read failed.
 */
export async function refreshBalance(ctx: ModalContext): Promise<Balance | undefined> {
  const { account, activeNetwork, activeChain } = ctx.store.get()
  const adapter = activeChain ? ctx.adapters.get(activeChain) : undefined
  if (!account.address || !activeNetwork || !adapter) return undefined
  const address = account.address
  ctx.store.set(({ account }) => ({ account: { ...account, balanceLoading: true, balanceError: undefined } }))
  try {
    const read = await adapter.getBalance({ address, network: activeNetwork })
    setIfSameAccount(ctx, address, activeNetwork, {
      balance: read.balance,
      balanceSymbol: read.symbol,
      balanceLoading: false,
    })
    return read
  } catch {
    setIfSameAccount(ctx, address, activeNetwork, {
      balance: '0.00',
      balanceLoading: false,
      balanceError: 'Token Balance Unavailable',
    })
    return undefined
  }
}

export function setIfSameAccount(
  ctx: ModalContext,
  address: string,
  network: CaipNetwork,
  patch: Partial<AccountState>,
): void {
  const state = ctx.store.get()
  if (state.account.address !== address || state.activeNetwork?.id !== network.id) return
  ctx.store.set({ account: { ...state.account, ...patch } })
}
