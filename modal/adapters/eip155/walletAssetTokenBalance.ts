import { formatUnits } from 'viem'
import type { TokenBalance } from '../../state/types.js'
import type { WalletAssetEntry } from './walletAssetEntry.js'

/**
 * ENT-04: a wallet-assets entry of the network `chainId` (CAIP-2, e.g. `eip155:1`) as a token balance: the hex
 * balance scaled by its decimals is the quantity, its value the quantity at the entry's price, and only a
 * token (not the native coin) has an address, `chainId:contract` (ENT-02).
 */
export function walletAssetTokenBalance(entry: WalletAssetEntry, chainId: string): TokenBalance {
  const { name, symbol, decimals, price, iconUrl } = entry.metadata
  const numeric = formatUnits(BigInt(entry.balance), decimals)
  return {
    name,
    symbol,
    chainId,
    ...(entry.type === 'NATIVE' ? {} : { address: `${chainId}:${entry.address}` }),
    value: price * Number(numeric),
    price,
    quantity: { decimals: String(decimals), numeric },
    iconUrl,
  }
}
