import type { ChainNamespace } from '../networks/types.js'

/**
 * ONR-06, ONR-07: Meld's widget URL for the connected account: the integrator's public key, USDC (SOL on
 * Solana), the wallet address and the project id as the customer id.
 */
export function meldUrl(
  base: string,
  input: { publicKey: string; namespace: ChainNamespace | undefined; address: string; projectId: string },
): string {
  const url = new URL(base)
  url.searchParams.append('publicKey', input.publicKey)
  url.searchParams.append('destinationCurrencyCode', input.namespace === 'solana' ? 'SOL' : 'USDC')
  url.searchParams.append('walletAddress', input.address)
  url.searchParams.append('externalCustomerId', input.projectId)
  return url.toString()
}
