import type { CaipNetwork } from '../../../networks/types.js'
import type { AccountState, TokenBalance } from '../../../state/types.js'

/** BAL-05: what a failed load shows for the native coin: 0.00 of the network's symbol. */
export const failedBalance = '0.00'

/**
 * The rows of the Tokens tab, or undefined while they load. With the balance API (`apiConfigured`) they are
 * its token balances; after a failed load of those, the native coin at 0.00. Without it, the native coin as
 * read from the chain.
 */
export function shownTokens(
  account: AccountState,
  network: CaipNetwork | undefined,
  apiConfigured: boolean,
): TokenBalance[] | undefined {
  if (!account.address || !network) return []
  if (apiConfigured) {
    if (account.tokenBalance) return account.tokenBalance
    return account.lastRetry === undefined ? undefined : [nativeRow(network, failedBalance)]
  }
  if (account.balanceError) return [nativeRow(network, failedBalance)]
  return account.balance === undefined ? undefined : [nativeRow(network, account.balance)]
}

function nativeRow(network: CaipNetwork, numeric: string): TokenBalance {
  const { name, symbol, decimals } = network.nativeCurrency
  return {
    name,
    symbol,
    chainId: network.caipNetworkId,
    value: 0,
    price: 0,
    quantity: { decimals: String(decimals), numeric },
    iconUrl: network.assets?.imageUrl ?? '',
  }
}
