import { type Address, getAddress, isAddress } from 'viem'
import type { CaipNetwork } from '../networks/types.js'
import type { TokenBalance } from '../state/types.js'
import type { SendToken } from './transfer.js'

/**
 * What the account can send: the native coin first, then each token of the Tokens tab (its `address` is
 * `chainId:contract`) in the order listed. Rows for other networks or without a readable contract are left out.
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
    const contract = contractOf(balance, network)
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

function contractOf(balance: TokenBalance, network: CaipNetwork): Address | undefined {
  if (!balance.address || balance.chainId !== network.caipNetworkId) return undefined
  const contract = balance.address.slice(network.caipNetworkId.length + 1)
  return isAddress(contract, { strict: false }) && Number.isInteger(Number(balance.quantity.decimals))
    ? getAddress(contract)
    : undefined
}

/** A token's key among the choices: its contract, or `native`. */
export function tokenKey(token: SendToken): string {
  return token.contract ?? 'native'
}
