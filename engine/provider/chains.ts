import { namespaceOfKey, parseChainId } from '../namespaces/index.js'
import type { Session, SessionNamespace } from '../schemas/index.js'

/** `eip155:10` → `0xa`. */
export const toHexChainId = (caip2: string): string =>
  `0x${BigInt(parseChainId(caip2)?.reference ?? '0').toString(16)}`

/**
 * `0xa`, `10`, 10 or `eip155:10` → `eip155:10`; undefined for anything else. Wallets name a chain in any
 * of these forms, in chainChanged data above all, as the official provider reads it.
 */
export function eip155ChainOf(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined
  try {
    const id = BigInt(typeof value === 'string' ? value.replace(/^eip155:/, '') : value)
    return id > 0n ? `eip155:${id.toString(10)}` : undefined
  } catch {
    return undefined
  }
}

/** What a chain id is reported as in `chainChanged`: hex for eip155 (EIP-1193), CAIP-2 otherwise. */
export const reportedChainId = (chainId: string): string =>
  chainId.startsWith('eip155:') ? toHexChainId(chainId) : chainId

/** The namespace of `eip155:1`, or of a bare `eip155`. */
export const namespaceOfChain = (chain: string): string => namespaceOfKey(chain)

/** An eip155 chain is an EIP-155 chain id, a decimal number: `eip155:abc` is valid CAIP-2 but no chain to report. */
export const isUsableChain = (chain: string): boolean =>
  !chain.startsWith('eip155:') || /^eip155:\d+$/.test(chain)

/**
 * The session's namespace `name`, with inline chain keys (`eip155:1`) folded in, less the eip155 chains
 * (and their accounts) whose reference is not a number: a wallet may grant one, but it has no hex chain id.
 */
export function sessionNamespace(session: Session, name: string): SessionNamespace | undefined {
  const entries = Object.entries(session.namespaces).filter(([key]) => namespaceOfKey(key) === name)
  if (entries.length === 0) return undefined
  const union = (pick: (namespace: SessionNamespace) => string[] | undefined) => [
    ...new Set(entries.flatMap(([, namespace]) => pick(namespace) ?? [])),
  ]
  return {
    chains: union((namespace) => namespace.chains).filter(isUsableChain),
    accounts: union((namespace) => namespace.accounts).filter((account) =>
      isUsableChain(account.slice(0, account.lastIndexOf(':'))),
    ),
    methods: union((namespace) => namespace.methods),
    events: union((namespace) => namespace.events),
  }
}

/** The url for `chainId` in an rpcMap keyed by CAIP-2 chain id or by reference. */
export function rpcUrlOf(rpcMap: Record<string, string> | undefined, chainId: string): string | undefined {
  if (rpcMap === undefined) return undefined
  return rpcMap[chainId] ?? rpcMap[parseChainId(chainId)?.reference ?? chainId]
}
