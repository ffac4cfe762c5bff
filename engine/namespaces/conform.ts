import { internalError, type SignClientError } from '../errors.js'
import type { ProposalNamespaces, SessionNamespaces } from '../schemas/common.js'
import { chainOfAccount, namespaceOfKey } from './caip.js'
import { includesAll } from './lookup.js'

type PerChain = Record<string, { methods: string[]; events: string[] }>

function requiredPerChain(required: ProposalNamespaces): PerChain {
  const out: PerChain = {}
  for (const [key, value] of Object.entries(required)) {
    const chains = key.includes(':') ? [key] : (value.chains ?? [])
    for (const chain of chains) out[chain] = { methods: value.methods, events: value.events }
  }
  return out
}

function approvedPerChain(namespaces: SessionNamespaces): PerChain {
  const out: PerChain = {}
  for (const [key, value] of Object.entries(namespaces)) {
    const chains = key.includes(':') ? [key] : value.accounts.map(chainOfAccount)
    for (const chain of chains) out[chain] = { methods: value.methods, events: value.events }
  }
  return out
}

/**
 * Whether approved namespaces satisfy the required ones: every required namespace, chain, method and
 * event approved, and inline chain keys backed by an account on that chain. Since required namespaces are
 * merged into optional ones by current dapps, `required` is usually empty and anything conforms.
 */
export function checkConformingNamespaces(
  required: ProposalNamespaces,
  namespaces: SessionNamespaces,
  context: string,
): SignClientError | null {
  const approvedNames = new Set(Object.keys(namespaces).map(namespaceOfKey))
  const missing = [...new Set(Object.keys(required).map(namespaceOfKey))].filter(
    (name) => !approvedNames.has(name),
  )
  if (missing.length > 0) {
    return internalError(
      'NON_CONFORMING_NAMESPACES',
      `${context} namespaces keys don't satisfy requiredNamespaces. Required: ${missing.join(',')} Received: ${Object.keys(namespaces).join(',')}`,
    )
  }
  const wanted = requiredPerChain(required)
  const have = approvedPerChain(namespaces)
  const missingChains = Object.keys(wanted).filter((chain) => !(chain in have))
  if (missingChains.length > 0) {
    return internalError(
      'NON_CONFORMING_NAMESPACES',
      `${context} namespaces chains don't satisfy required namespaces. Required: ${Object.keys(wanted).join(',')} Approved: ${Object.keys(have).join(',')}`,
    )
  }
  for (const [key, value] of Object.entries(namespaces)) {
    if (!key.includes(':')) continue
    if (!value.accounts.map(chainOfAccount).includes(key)) {
      return internalError(
        'NON_CONFORMING_NAMESPACES',
        `${context} namespaces accounts don't satisfy namespace accounts for ${key}`,
      )
    }
  }
  for (const [chain, need] of Object.entries(wanted)) {
    const got = have[chain]
    if (got === undefined) continue
    if (!includesAll(need.methods, got.methods)) {
      return internalError(
        'NON_CONFORMING_NAMESPACES',
        `${context} namespaces methods don't satisfy namespace methods for ${chain}`,
      )
    }
    if (!includesAll(need.events, got.events)) {
      return internalError(
        'NON_CONFORMING_NAMESPACES',
        `${context} namespaces events don't satisfy namespace events for ${chain}`,
      )
    }
  }
  return null
}
