import { chainIdHex, onChain } from '../../networks/chainIdHex.js'
import type { CaipNetwork } from '../../networks/types.js'
import type { TokenBalance } from '../../state/types.js'
import { walletAssetBalances } from './walletAssetBalances.js'
import { walletAssetsOn } from './walletAssets.js'

/** The two wallet calls asset discovery takes (the eip155 adapter's). */
type AssetWallet = {
  getCapabilities(params: {
    connectorId: string
    address: string
  }): Promise<Record<string, Record<string, unknown>>>
  getAssets(connectorId: string, address: string, chainId: string): Promise<unknown>
}

/** Whether EIP-5792 capabilities say the wallet discovers assets (EIP-7811) on the chain `chainId` (hex). */
function discoversAssets(capabilities: Record<string, Record<string, unknown>>, chainId: string): boolean {
  const discovery = onChain(capabilities, chainId)?.assetDiscovery
  return (
    typeof discovery === 'object' &&
    discovery !== null &&
    'supported' in discovery &&
    discovery.supported === true
  )
}

/**
 * BAL-07: the token balances of `address` on `network` as the wallet names them (wallet_getAssets), when
 * its capabilities say it discovers assets there; undefined when they do not, or when it cannot say.
 */
export async function discoveredBalances(
  wallet: AssetWallet,
  { connectorId, address, network }: { connectorId: string; address: string; network: CaipNetwork },
): Promise<TokenBalance[] | undefined> {
  const chainId = chainIdHex(network.id)
  if (!chainId) return undefined
  const capabilities = await wallet.getCapabilities({ connectorId, address }).catch(() => undefined)
  if (!capabilities || !discoversAssets(capabilities, chainId)) return undefined
  const assets = walletAssetsOn(await wallet.getAssets(connectorId, address, chainId), chainId)
  return walletAssetBalances(assets, network)
}
