import type { SIWXSession } from './types.js'

/**
 * Whether the session belongs to exactly this network and account. EVM addresses compare without case
 * (wallets report them checksummed or lower case); base58 and other addresses compare as written.
 */
export function isSessionFor(session: SIWXSession, chainId: string, address: string): boolean {
  if (session.data.chainId !== chainId) return false
  const own = session.data.accountAddress
  return chainId.startsWith('eip155:') ? own.toLowerCase() === address.toLowerCase() : own === address
}
