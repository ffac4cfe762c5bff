import type { ConnectorInfo } from '../state/types.js'

export type ConnectMethod = 'email' | 'social' | 'wallet'

/** OPEN-17: email, social, wallet; wallet first when an injected or announced wallet is present. */
export function connectMethodsOrder(
  connectors: readonly ConnectorInfo[],
  configured?: readonly ConnectMethod[],
): ConnectMethod[] {
  if (configured && configured.length > 0) return [...configured]
  const hasBrowserWallet = connectors.some((c) => c.type === 'INJECTED' || c.type === 'ANNOUNCED')
  return hasBrowserWallet ? ['wallet', 'email', 'social'] : ['email', 'social', 'wallet']
}
