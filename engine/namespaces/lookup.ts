import type { ProposalNamespaces, SessionNamespaces } from '../schemas/common.js'
import { chainOfAccount } from './caip.js'

/** Chains a session namespace covers: those of its accounts, plus any it lists explicitly. */
export function chainsOfNamespace(namespace: { accounts: string[]; chains?: string[] }): string[] {
  return [...new Set([...namespace.accounts.map(chainOfAccount), ...(namespace.chains ?? [])])]
}

export function sessionChains(namespaces: SessionNamespaces): string[] {
  return [
    ...new Set(Object.values(namespaces).flatMap((namespace) => namespace.accounts.map(chainOfAccount))),
  ]
}

export function isChainInSession(namespaces: SessionNamespaces, chainId: string): boolean {
  return sessionChains(namespaces).includes(chainId)
}

/** Whether a namespace with an account on `chainId` lists `name` among its `kind`. */
export function isAllowedOnChain(
  namespaces: SessionNamespaces,
  chainId: string,
  kind: 'methods' | 'events',
  name: string,
): boolean {
  return Object.values(namespaces).some(
    (namespace) =>
      namespace.accounts.some((account) => chainOfAccount(account) === chainId) &&
      namespace[kind].includes(name),
  )
}

function chainsOfProposalNamespace(key: string, namespace: { chains?: string[] }): string[] {
  return key.includes(':') ? [key] : (namespace.chains ?? [])
}

export function includesAll(wanted: readonly string[], have: readonly string[]): boolean {
  return wanted.every((item) => have.includes(item))
}

/**
 * Whether a session offers everything `required` asks for, for `find()`: every required namespace is
 * present and covers the required chains, methods and events.
 */
export function isSessionCompatible(namespaces: SessionNamespaces, required: ProposalNamespaces): boolean {
  const sessionKeys = Object.keys(namespaces)
  const requiredKeys = Object.keys(required)
  if (!includesAll(requiredKeys, sessionKeys)) return false
  return requiredKeys.every((key) => {
    const wanted = required[key]
    const have = namespaces[key]
    if (wanted === undefined || have === undefined) return false
    return (
      includesAll(chainsOfProposalNamespace(key, wanted), chainsOfNamespace(have)) &&
      includesAll(wanted.methods, have.methods) &&
      includesAll(wanted.events, have.events)
    )
  })
}
