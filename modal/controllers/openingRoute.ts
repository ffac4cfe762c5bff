import type { Route } from '../state/views.js'

export type OpeningFacts = {
  connected: boolean
  hasAdapters: boolean
  manualWCControl: boolean
  mobile: boolean
}

/** The spec's opening rules, in order (§2). */
export function openingRoute(requested: Route | undefined, facts: OpeningFacts): Route {
  if (requested) return requested
  if (facts.connected) return { view: 'Account' }
  if (!facts.hasAdapters || facts.manualWCControl)
    return facts.mobile ? { view: 'AllWallets' } : { view: 'ConnectingWalletConnectBasic' }
  return { view: 'Connect' }
}
