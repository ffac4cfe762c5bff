import type { ProposalNamespace, ProposalNamespaces } from '../schemas/common.js'
import { namespaceOfKey } from './caip.js'

function union(a: readonly string[] = [], b: readonly string[] = []): string[] {
  return [...new Set([...a, ...b])]
}

/**
 * Folds inline chain keys into their namespace: `{"eip155:1": {...}, "eip155": {chains: ["eip155:5"]}}`
 * becomes `{eip155: {chains: ["eip155:1", "eip155:5"], ...}}`, with methods and events united.
 */
export function normalizeNamespaces(namespaces: ProposalNamespaces): ProposalNamespaces {
  const normalized: ProposalNamespaces = {}
  for (const [key, value] of Object.entries(namespaces)) {
    const chains = key.includes(':') ? [key] : (value.chains ?? [])
    const name = namespaceOfKey(key)
    const previous = normalized[name]
    const merged: ProposalNamespace = {
      ...previous,
      ...(value.rpcMap === undefined ? {} : { rpcMap: { ...previous?.rpcMap, ...value.rpcMap } }),
      ...(value.defaultChain === undefined ? {} : { defaultChain: value.defaultChain }),
      chains: union(chains, previous?.chains),
      methods: union(value.methods, previous?.methods),
      events: union(value.events, previous?.events),
    }
    normalized[name] = merged
  }
  return normalized
}

/**
 * `requiredNamespaces` are deprecated: the official clients send them as optional namespaces instead,
 * so a wallet may approve any subset. This gives the optional namespaces that carry both.
 */
export function mergeRequiredIntoOptional(
  required: ProposalNamespaces,
  optional: ProposalNamespaces,
): ProposalNamespaces {
  const normalizedRequired = normalizeNamespaces(required)
  const normalizedOptional = normalizeNamespaces(optional)
  const merged: ProposalNamespaces = {}
  for (const name of new Set([...Object.keys(normalizedRequired), ...Object.keys(normalizedOptional)])) {
    const fromRequired = normalizedRequired[name]
    const fromOptional = normalizedOptional[name]
    const rpcMap = { ...fromRequired?.rpcMap, ...fromOptional?.rpcMap }
    merged[name] = {
      chains: union(fromRequired?.chains, fromOptional?.chains),
      methods: union(fromRequired?.methods, fromOptional?.methods),
      events: union(fromRequired?.events, fromOptional?.events),
      ...(Object.keys(rpcMap).length > 0 ? { rpcMap } : {}),
    }
  }
  return merged
}
