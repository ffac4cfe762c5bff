import type { CaipNetwork } from '../../networks/types.js'
import type { TokenBalance } from '../../state/types.js'
import type { WalletAssetEntry } from './walletAssetEntry.js'
import type { WalletAsset } from './walletAssets.js'
import { walletAssetTokenBalance } from './walletAssetTokenBalance.js'

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
    const entry = walletAssetEntry(asset, network)
    if (entry?.type === 'NATIVE') native ??= walletAssetTokenBalance(entry, network.caipNetworkId)
    else if (entry) tokens.push(walletAssetTokenBalance(entry, network.caipNetworkId))
  }
  return native ? [native, ...tokens] : tokens
}

/**
 * The spec's entry for an asset as a wallet answers it (EIP-7811 writes types in lower case and may leave
 * metadata out): the native coin named by the network; a held ERC-20 whose metadata has a symbol and decimals.
 */
function walletAssetEntry(asset: WalletAsset, network: CaipNetwork): WalletAssetEntry | undefined {
  const type = asset.type.toLowerCase()
  if (type === 'native' && asset.address === 'native') {
    const { name, symbol, decimals } = network.nativeCurrency
    const iconUrl = network.assets?.imageUrl ?? ''
    const metadata = { name, symbol, decimals, price: 0, iconUrl }
    return { address: 'native', balance: asset.balance, type: 'NATIVE', metadata }
  }
  if (type !== 'erc20' || asset.address === 'native' || BigInt(asset.balance) === 0n) return undefined
  const { name, symbol, decimals } = asset.metadata ?? {}
  if (symbol === undefined || decimals === undefined) return undefined
  return {
    address: asset.address,
    balance: asset.balance,
    type: 'ERC20',
    metadata: { name: name ?? symbol, symbol, decimals, price: 0, iconUrl: '' },
  }
}
