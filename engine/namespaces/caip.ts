// CAIP-2 and CAIP-10 as the Sign spec's validation cases read them: a namespace is 3–8 of [-a-z0-9], a
// reference 1–32 of [-_a-zA-Z0-9]; everything after the second colon is the address, 1–128 of CAIP-10's
// [-.%a-zA-Z0-9] plus `_`, which every chain's address form fits (an app shows it, and builds links with
// it). The `_` is for TON, whose wallets approve accounts as `ton:-239:<base64url address>`.
const NAMESPACE = /^[-a-z0-9]{3,8}$/
const REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/
const ADDRESS = /^[-_.%a-zA-Z0-9]{1,128}$/

export type ChainId = { namespace: string; reference: string }
export type AccountId = ChainId & { address: string; chainId: string }

export function isValidNamespaceName(value: unknown): value is string {
  return typeof value === 'string' && NAMESPACE.test(value)
}

/** `eip155:1`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`, … */
export function parseChainId(value: unknown): ChainId | undefined {
  if (typeof value !== 'string') return undefined
  const parts = value.split(':')
  if (parts.length !== 2) return undefined
  const [namespace, reference] = parts as [string, string]
  if (!NAMESPACE.test(namespace) || !REFERENCE.test(reference)) return undefined
  return { namespace, reference }
}

export function isValidChainId(value: unknown): value is string {
  return parseChainId(value) !== undefined
}

/** `eip155:1:0xab16…`: a CAIP-2 chain id and an address. */
export function parseAccountId(value: unknown): AccountId | undefined {
  if (typeof value !== 'string') return undefined
  const first = value.indexOf(':')
  const second = first === -1 ? -1 : value.indexOf(':', first + 1)
  if (second === -1) return undefined
  const chain = parseChainId(value.slice(0, second))
  const address = value.slice(second + 1)
  if (chain === undefined || !ADDRESS.test(address)) return undefined
  return { ...chain, address, chainId: value.slice(0, second) }
}

export function isValidAccountId(value: unknown): value is string {
  return parseAccountId(value) !== undefined
}

/** The namespace part of a namespace key, which is either `eip155` or an inline chain `eip155:1`. */
export function namespaceOfKey(key: string): string {
  const colon = key.indexOf(':')
  return colon === -1 ? key : key.slice(0, colon)
}

export function chainOfAccount(account: string): string {
  return parseAccountId(account)?.chainId ?? account.split(':').slice(0, 2).join(':')
}
