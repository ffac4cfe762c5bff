import { fetchBalances } from '../api/balances.js'
import type { ApiClient } from '../api/client.js'
import type { CaipNetwork } from '../networks/types.js'
import type { TokenBalance } from '../state/types.js'
import { shownAsWritten } from '../ui/components/shownAsWritten.js'
import { setIfSameAccount } from './account.js'
import { showSnackbar } from './alerts.js'
import { type BalanceCache, balanceCache } from './balanceCache.js'
import type { ModalContext } from './context.js'
import { emailConnection } from './emailConnection.js'

/** BAL-02: after a failed load, further loads are refused (no request, an empty list) this long. */
export const balanceRetryMs = 30_000

/** BAL-04: the cache key, `network:address` (the CAIP-2 network id, then the address). */
export function balanceCacheKey(caipNetworkId: string, address: string): string {
  return `${caipNetworkId}:${address}`
}

/**
 * BAL-03: a token with 0 decimals is not a fungible balance; it is dropped. So is one whose name or symbol
 * would not show as written (shownAsWritten): anyone can send an address a token.
 */
export function keptBalances(balances: TokenBalance[]): TokenBalance[] {
  return balances.filter((balance) => balance.quantity.decimals !== '0' && shownAsWritten(balance))
}

/**
 * Loads the token balances of the active account on the active network into `account.tokenBalance`
 * (BAL-01), from the instance's cache when the same pair was loaded less than `balanceCacheMs` ago (BAL-04,
 * balanceCache.ts); from the wallet itself when it is the auth connector's and discovers assets (BAL-07),
 * else from the api. A failure records `lastRetry` and shows 'Token Balance Unavailable'; for
 * `balanceRetryMs` after it, loads make no request and return an empty list (BAL-02).
 */
export async function loadTokenBalances(
  ctx: ModalContext,
  api: ApiClient,
  now: () => number = Date.now,
): Promise<TokenBalance[]> {
  const { account, activeNetwork } = ctx.store.get()
  const address = account.address
  if (!address || !activeNetwork) return []
  if (account.lastRetry !== undefined && now() - account.lastRetry < balanceRetryMs) return []
  const key = balanceCacheKey(activeNetwork.caipNetworkId, address)
  const cache = cacheOf(ctx)
  const cached = cache.read(key, now())
  if (cached) {
    setIfSameAccount(ctx, address, activeNetwork, { tokenBalance: cached })
    return cached
  }
  setIfSameAccount(ctx, address, activeNetwork, { balanceLoading: true })
  try {
    const named = await walletNamedBalances(ctx, address, activeNetwork)
    const balances = keptBalances(
      named ?? (await fetchBalances(api, { address, caipNetworkId: activeNetwork.caipNetworkId })),
    )
    cache.write(key, now(), balances)
    setIfSameAccount(ctx, address, activeNetwork, {
      tokenBalance: balances,
      lastRetry: undefined,
      balanceLoading: false,
    })
    return balances
  } catch {
    setIfSameAccount(ctx, address, activeNetwork, { lastRetry: now(), balanceLoading: false })
    showSnackbar(ctx, 'error', { key: 'account.balanceUnavailable' })
    return []
  }
}

/**
 * BAL-07: the balances the auth connector's wallet names itself, when its adapter says that wallet
 * discovers its assets on `network`; undefined for any other wallet, whose balances the api answers.
 */
function walletNamedBalances(
  ctx: ModalContext,
  address: string,
  network: CaipNetwork,
): Promise<TokenBalance[] | undefined> {
  const connection = emailConnection(ctx)
  const adapter = ctx.adapters.get(network.chainNamespace)
  if (!connection || !adapter?.discoveredBalances) return Promise.resolve(undefined)
  return adapter.discoveredBalances({ connectorId: connection.connectorId, address, network })
}

/** Loads the balances again past the cache, as after a send that changed them. */
export function reloadTokenBalances(
  ctx: ModalContext,
  api: ApiClient,
  now: () => number = Date.now,
): Promise<TokenBalance[]> {
  const { account, activeNetwork } = ctx.store.get()
  if (account.address && activeNetwork)
    cacheOf(ctx).forget(balanceCacheKey(activeNetwork.caipNetworkId, account.address))
  return loadTokenBalances(ctx, api, now)
}

function cacheOf(ctx: ModalContext): BalanceCache {
  return balanceCache(ctx.memory, ctx.options.projectId)
}
