import { SiwxMessageError } from './errors.js'
import type { SiwxNamespace } from './types.js'

const CAIP2 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})$/

// SIWS names clusters, not genesis hashes; any other Solana chain (the local stack's) is `localnet`.
const SOLANA_CLUSTERS: Record<string, string> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'mainnet',
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: 'devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'testnet',
}

function splitChainId(chainId: unknown): { namespace: SiwxNamespace; reference: string } {
  const match = typeof chainId === 'string' ? CAIP2.exec(chainId) : null
  if (!match) throw new SiwxMessageError('chainId must be a CAIP-2 chain id', 'chainId')
  const [, namespace, reference] = match as unknown as [string, string, string]
  if (namespace !== 'eip155' && namespace !== 'solana' && namespace !== 'bip122') {
    throw new SiwxMessageError(`Sign-in has no message format for chain namespace ${namespace}`, 'chainId')
  }
  return { namespace, reference }
}

/** The namespace whose message format a CAIP-2 chain id signs in with. */
export const siwxNamespace = (chainId: string): SiwxNamespace => splitChainId(chainId).namespace

/** The `Chain ID:` text a sign-in message carries for a CAIP-2 chain id: '1', 'localnet', 'bip122:<ref>'. */
export function siwxChainReference(chainId: string): string {
  const { namespace, reference } = splitChainId(chainId)
  if (namespace === 'solana') return SOLANA_CLUSTERS[reference] ?? 'localnet'
  if (namespace === 'bip122') {
    if (!/^[0-9a-f]{32}$/.test(reference)) {
      throw new SiwxMessageError('A bip122 chain reference is 32 lower-case hex digits', 'chainId')
    }
    return chainId
  }
  if (!/^[0-9]+$/.test(reference))
    throw new SiwxMessageError('An eip155 chain reference is decimal', 'chainId')
  return reference
}
