import { type Address, getAddress, isAddress } from 'viem'
import type { CaipNetwork } from '../networks/types.js'
import type { TokenBalance } from '../state/types.js'
import { shownAsWritten } from '../ui/components/shownAsWritten.js'
import type { SendToken } from './transfer.js'

/**
 * What the account can send: the native coin first, then each token of the Tokens tab (its `address` is
 * `chainId:contract`) in the order listed. Rows for other networks, without a readable contract, or whose
 * name or symbol would not show as written (shownAsWritten) are left out.
 */
export function sendTokens(network: CaipNetwork, balances: readonly TokenBalance[] | undefined): SendToken[] {
  const { name, symbol, decimals } = network.nativeCurrency
  const native: SendToken = {
    name,
    symbol,
    decimals,
    ...(network.assets?.imageUrl ? { iconUrl: network.assets.imageUrl } : {}),
  }
  const tokens = (balances ?? []).flatMap((balance): SendToken[] => {
    const contract = shownAsWritten(balance) ? contractOf(balance, network) : undefined
    return contract
      ? [
          {
            name: balance.name,
            symbol: balance.symbol,
            decimals: Number(balance.quantity.decimals),
            contract,
            iconUrl: balance.iconUrl,
          },
        ]
      : []
  })
  return [native, ...tokens]
}

/**
 * An ERC-20's decimals are a uint8. More from an api answer would freeze the view that formats the balance
 * (viem's formatUnits takes seconds at 100,000 and minutes at 10⁸); fewer than 0 would throw while it renders.
 */
const tokenDecimals = /^(0|[1-9]\d?|1\d\d|2[0-4]\d|25[0-5])$/

function contractOf(balance: TokenBalance, network: CaipNetwork): Address | undefined {
  if (!balance.address || balance.chainId !== network.caipNetworkId) return undefined
  const contract = balance.address.slice(network.caipNetworkId.length + 1)
  return isAddress(contract, { strict: false }) && tokenDecimals.test(balance.quantity.decimals)
    ? getAddress(contract)
    : undefined
}

/** A token's key among the choices: its contract, or `native`. */
export function tokenKey(token: SendToken): string {
  return token.contract ?? 'native'
}
