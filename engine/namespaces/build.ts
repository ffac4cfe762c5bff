import { internalError } from '../errors.js'
import type { ProposalNamespaces, SessionNamespaces } from '../schemas/common.js'
import { chainOfAccount } from './caip.js'
import { checkConformingNamespaces } from './conform.js'
import { normalizeNamespaces } from './merge.js'

export type SupportedNamespaces = Record<
  string,
  { chains: string[]; methods: string[]; events: string[]; accounts: string[] }
>

export type BuildApprovedNamespacesParams = {
  proposal: { requiredNamespaces: ProposalNamespaces; optionalNamespaces?: ProposalNamespaces }
  supportedNamespaces: SupportedNamespaces
}

function accountsFor(chains: readonly string[], accounts: readonly string[]): string[] {
  return accounts.filter((account) => chains.includes(chainOfAccount(account)))
}

/**
 * For wallets: what to approve, given a proposal and what the wallet supports. Requested chains, methods
 * and events the wallet supports are granted, with the wallet's accounts on those chains. A proposal that
 * asks for nothing gets everything supported.
 */
export function buildApprovedNamespaces(params: BuildApprovedNamespacesParams): SessionNamespaces {
  const { requiredNamespaces, optionalNamespaces = {} } = params.proposal
  const supported = params.supportedNamespaces
  const all: SessionNamespaces = {}
  for (const [name, value] of Object.entries(supported)) {
    for (const chain of value.chains) {
      if (!value.accounts.some((account) => chainOfAccount(account) === chain)) {
        throw internalError(
          'MISSING_OR_INVALID',
          `No accounts provided for chain ${chain} in namespace ${name}`,
        )
      }
    }
    all[name] = {
      chains: value.chains,
      methods: value.methods,
      events: value.events,
      accounts: value.accounts,
    }
  }
  const conformance = checkConformingNamespaces(requiredNamespaces, all, 'approve()')
  if (conformance) throw conformance
  if (Object.keys(requiredNamespaces).length === 0 && Object.keys(optionalNamespaces).length === 0) return all

  const approved: SessionNamespaces = {}
  const grant = (requested: ProposalNamespaces): void => {
    for (const [name, wanted] of Object.entries(normalizeNamespaces(requested))) {
      const offer = supported[name]
      if (offer === undefined) continue
      const chains = offer.chains.filter((chain) => wanted.chains?.includes(chain))
      const previous = approved[name]
      approved[name] = {
        chains: [...new Set([...(previous?.chains ?? []), ...chains])],
        methods: [
          ...new Set([
            ...(previous?.methods ?? []),
            ...offer.methods.filter((m) => wanted.methods.includes(m)),
          ]),
        ],
        events: [
          ...new Set([...(previous?.events ?? []), ...offer.events.filter((e) => wanted.events.includes(e))]),
        ],
        accounts: [...new Set([...(previous?.accounts ?? []), ...accountsFor(chains, offer.accounts)])],
      }
    }
  }
  grant(requiredNamespaces)
  grant(optionalNamespaces)
  for (const [name, value] of Object.entries(approved)) {
    if (value.accounts.length === 0 || value.chains?.length === 0) delete approved[name]
  }
  return approved
}
