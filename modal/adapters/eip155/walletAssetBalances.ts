import { formatUnits } from 'viem'
import type { CaipNetwork } from '../../networks/types.js'
import type { TokenBalance } from '../../state/types.js'
import type { WalletAsset } from './walletAssets.js'

/**
 * BAL-07: EIP-7811 assets of `network` as the spec's token balances. The native coin is always listed;
 * ERC-20 tokens when they are held and their metadata gives a symbol and decimals. NFTs and types the
 * spec does not know are not token balances. A wallet names no prices: value and price are 0, so the
 * Tokens tab shows quantities only.
 */
export function walletAssetBalances(assets: readonly WalletAsset[], network: CaipNetwork): TokenBalance[] {
  let native: TokenBalance | undefined
  const tokens: TokenBalance[] = []
  for (const asset of assets) {
    const balance = BigInt(asset.balance)
    const type = asset.type.toLowerCase()
    if (type === 'native' && asset.address === 'native') {
      native ??= tokenBalance(network, network.nativeCurrency, balance)
    } else if (type === 'erc20' && asset.address !== 'native' && balance > 0n) {
      const { name, symbol, decimals } = asset.metadata ?? {}
      if (symbol === undefined || decimals === undefined) continue
      tokens.push(tokenBalance(network, { name: name ?? symbol, symbol, decimals }, balance, asset.address))
    }
  }
  return native ? [native, ...tokens] : tokens
}

function tokenBalance(
  network: CaipNetwork,
  { name, symbol, decimals }: { name: string; symbol: string; decimals: number },
  balance: bigint,
  address?: string,
): TokenBalance {
  return {
    name,
    symbol,
    chainId: network.caipNetworkId,
    ...(address ? { address: `${network.caipNetworkId}:${address}` } : {}),
    value: 0,
    price: 0,
    quantity: { decimals: String(decimals), numeric: formatUnits(balance, decimals) },
    iconUrl: address ? '' : (network.assets?.imageUrl ?? ''),
  }
}
