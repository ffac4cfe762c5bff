import type { Cacao, SessionNamespaces } from '../schemas/index.js'
import { didAddress, didChainId } from './did.js'
import { decodeRecap, recapChains, recapFromResources, recapMethods } from './recap.js'

/**
 * What signed CACAOs grant: the methods their recaps name, for the issuer's address on the issuer's chain
 * and on every chain the recaps list. No methods means no session, only the sign-in.
 */
export function namespacesFromCacaos(cacaos: readonly Cacao[]): SessionNamespaces | undefined {
  const methods = new Set<string>()
  const accounts = new Set<string>()
  for (const { p } of cacaos) {
    const address = didAddress(p.iss)
    const chains = [didChainId(p.iss)]
    const recap = recapFromResources(p.resources)
    if (recap) {
      const decoded = decodeRecap(recap)
      for (const method of recapMethods(decoded)) methods.add(method)
      chains.push(...recapChains(decoded))
    }
    for (const chain of chains) if (chain && address) accounts.add(`${chain}:${address}`)
  }
  if (methods.size === 0) return undefined
  const namespaces: SessionNamespaces = {}
  for (const account of accounts) {
    const namespace = account.split(':')[0] as string
    const entry = namespaces[namespace] ?? {
      chains: [],
      accounts: [],
      methods: [...methods],
      events: ['chainChanged', 'accountsChanged'],
    }
    const chain = account.split(':').slice(0, 2).join(':')
    if (!entry.chains?.includes(chain)) entry.chains?.push(chain)
    entry.accounts.push(account)
    namespaces[namespace] = entry
  }
  return namespaces
}
