import type { ChainNamespace } from '../networks/types.js'
import type { ConnectorInfo } from '../state/types.js'

/** One wallet as Connect lists it: its connectors in each namespace it serves. */
export type WalletEntry = {
  /** The connector a pick connects: the one in the active namespace when the wallet has one. */
  connector: ConnectorInfo
  namespaces: ChainNamespace[]
}

/**
 * Groups connectors by wallet name, so a wallet present in several namespaces (EIP-6963 for EVM and the
 * Wallet Standard for Solana) is listed once, where its first connector was. WalletConnect and the email
 * wallet are ways to connect, not wallets; they stay as they are.
 */
export function groupByWallet(
  connectors: readonly ConnectorInfo[],
  activeChain: ChainNamespace | undefined,
): WalletEntry[] {
  const groups = new Map<string, ConnectorInfo[]>()
  for (const connector of connectors) {
    const key = walletKey(connector)
    groups.set(key, [...(groups.get(key) ?? []), connector])
  }
  return [...groups.values()].flatMap((group) => {
    const [first] = group
    if (!first) return []
    const connector = group.find((c) => c.chainNamespace === activeChain) ?? first
    return [{ connector, namespaces: [...new Set(group.map((c) => c.chainNamespace))] }]
  })
}

/** The wallet a connector belongs to: connectors of one wallet share a key. */
export function walletKey(connector: ConnectorInfo): string {
  return connector.type === 'WALLET_CONNECT' || connector.type === 'AUTH'
    ? `\0${connector.id}`
    : connector.name.trim().toLowerCase()
}
