import type { CaipNetwork } from '../../../networks/types.js'
import type { TokenBalance } from '../../../state/types.js'
import { apiImage } from './apiImage.js'

/**
 * The icon a Tokens row shows. A native coin (it has no address) of one of the app's networks shows that
 * network's icon, as the network views do: the integrator configured it, so it tells no stranger who looked.
 * Any other icon came in an api answer and is shown only as `apiImage` allows.
 */
export function tokenIcon(
  token: TokenBalance,
  networks: readonly CaipNetwork[],
  apiUrl: string | undefined,
): string | undefined {
  const own =
    token.address === undefined ? networks.find((n) => n.caipNetworkId === token.chainId) : undefined
  return own?.assets?.imageUrl ?? apiImage(token.iconUrl, apiUrl)
}
