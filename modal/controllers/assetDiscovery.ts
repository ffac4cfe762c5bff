import type { Eip155Adapter } from '../adapters/eip155/eip155Adapter.js'
import { type WalletAsset, walletAssetsOn } from '../adapters/eip155/walletAssets.js'
import type { ChainAdapter } from '../adapters/types.js'
import { chainIdHex } from '../networks/chainIdHex.js'
import type { CaipNetwork } from '../networks/types.js'
import type { ModalContext } from './context.js'
import { emailConnection } from './emailConnection.js'

type AssetDiscovery = Pick<Eip155Adapter, 'getCapabilities' | 'getAssets'>

/** The eip155 adapter's wallet calls for asset discovery (the viem one, or wagmi's built on it). */
function assetDiscovery(adapter: ChainAdapter | undefined): AssetDiscovery | undefined {
  const calls = adapter as Partial<AssetDiscovery> | undefined
  return typeof calls?.getCapabilities === 'function' && typeof calls.getAssets === 'function'
    ? (calls as AssetDiscovery)
    : undefined
}

/** Whether EIP-5792 capabilities say the wallet discovers assets (EIP-7811) on the chain `chainId` (hex). */
function discoversAssets(capabilities: Record<string, Record<string, unknown>>, chainId: string): boolean {
  const onChain = Object.entries(capabilities).find(([key]) => chainIdHex(key) === chainId)?.[1]
  const discovery = onChain?.assetDiscovery
  return (
    typeof discovery === 'object' &&
    discovery !== null &&
    'supported' in discovery &&
    discovery.supported === true
  )
}

/**
 * BAL-07: the assets of `address` on `network` as the auth connector's wallet names them (wallet_getAssets),
 * when that wallet says it discovers assets there. Undefined for any other wallet, or one without the
 * capability (or that cannot say): their balances come from the balance API.
 */
export async function discoveredAssets(
  ctx: ModalContext,
  address: string,
  network: CaipNetwork,
): Promise<WalletAsset[] | undefined> {
  if (network.chainNamespace !== 'eip155') return undefined
  const connectorId = emailConnection(ctx)?.connectorId
  const wallet = assetDiscovery(ctx.adapters.get('eip155'))
  const chainId = chainIdHex(network.id)
  if (!connectorId || !wallet || !chainId) return undefined
  const capabilities = await wallet.getCapabilities({ connectorId, address }).catch(() => undefined)
  if (!capabilities || !discoversAssets(capabilities, chainId)) return undefined
  return walletAssetsOn(await wallet.getAssets(connectorId, address, chainId), chainId)
}
