import { type AdapterContext, admissionRefusal } from '@pairwise/modal/adapter'
import type { Wallets } from '@wallet-standard/app'
import type { BitcoinConnector } from './connectors/connector.js'
import {
  injectedBitcoin,
  injectedConnector,
  injectedConnectorId,
  injectedKinds,
} from './connectors/injected.js'
import { type LeatherProvider, leatherConnector, leatherConnectorId } from './connectors/leather.js'
import { satsConnectConnector, satsConnectIdPrefix, satsConnectProviders } from './connectors/satsConnect.js'
import { isBitcoinStandardWallet, walletStandardConnector } from './connectors/walletStandard.js'

/**
 * Whether `id` is, or may be, the connector id of a wallet of the global families. A Wallet Standard wallet's
 * id is its name in the same space (`bip122:<name>`): one named `unisat` would otherwise take the id of the
 * page's Unisat, and with it the connection the modal remembers for Unisat.
 */
const isGlobalFamilyId = (id: string) =>
  id === leatherConnectorId ||
  id.startsWith(satsConnectIdPrefix) ||
  injectedKinds.some((kind) => id === injectedConnectorId(kind))

/**
 * The page's Bitcoin wallets across the four families. Wallet Standard wallets come and go through the
 * registry's events; the others are page globals, read when discovery starts and again after `later`
 * delays, since some inject after the page's scripts run (AppKit retries sats-connect 3 × 200 ms).
 *
 * Any page script can register a standard wallet, under any name: one whose name may not be shown, one past
 * the most kept, or one whose id is a global family's or that of a standard wallet registered before it is
 * ignored, and `report` hears why (core/walletAdmission.ts). Ids stay what they were, so remembered
 * connections of real wallets are restored as before.
 */
export function watchBitcoinWallets(options: {
  registry: Wallets | undefined
  /** The page's window, where the global families put themselves. */
  page: object | undefined
  onChange(connectors: readonly BitcoinConnector[]): void
  later?: readonly number[]
  report?: AdapterContext['report']
}): () => void {
  const standard = new Map<object, BitcoinConnector>()
  const globals = new Map<string, BitcoinConnector>()
  const publish = () => options.onChange([...standard.values(), ...globals.values()])
  /** Whether any of `wallets` joined the list. */
  const addStandard = (wallets: readonly Parameters<typeof walletStandardConnector>[0][]) => {
    const before = standard.size
    for (const wallet of wallets) {
      if (standard.has(wallet) || !isBitcoinStandardWallet(wallet)) continue
      const connector = walletStandardConnector(wallet)
      const refusal =
        admissionRefusal(connector, new Set([...standard.values()].map((kept) => kept.id))) ??
        (isGlobalFamilyId(connector.id)
          ? `the id ${connector.id} is kept for a wallet that is not a standard one`
          : undefined)
      if (refusal === undefined) standard.set(wallet, connector)
      else
        options.report?.('ignoring a registered wallet', { reason: refusal, id: connector.id.slice(0, 200) })
    }
    return standard.size !== before
  }
  const scanGlobals = () => {
    const { page } = options
    if (!page) return false
    const before = globals.size
    const names = new Set([...standard.values()].map((c) => c.name))
    for (const found of satsConnectProviders(page)) {
      const connector = satsConnectConnector(found)
      // A wallet on both protocols (Xverse) is listed once, by its standard side.
      if (!globals.has(connector.id) && !names.has(connector.name)) globals.set(connector.id, connector)
    }
    const leather = (page as { LeatherProvider?: LeatherProvider }).LeatherProvider
    if (typeof leather?.request === 'function' && !globals.has(leatherConnectorId) && !names.has('Leather'))
      globals.set(leatherConnectorId, leatherConnector(leather))
    for (const kind of injectedKinds) {
      const wallet = injectedBitcoin(page, kind)
      const connector = wallet && injectedConnector(wallet, kind)
      if (connector && !globals.has(connector.id) && !names.has(connector.name))
        globals.set(connector.id, connector)
    }
    return globals.size !== before
  }
  addStandard(options.registry?.get() ?? [])
  scanGlobals()
  publish()
  const offs = [
    options.registry?.on('register', (...wallets) => {
      if (addStandard(wallets)) publish()
    }),
    options.registry?.on('unregister', (...wallets) => {
      for (const wallet of wallets) standard.delete(wallet)
      publish()
    }),
  ]
  const timers = (options.later ?? [200, 1_000]).map((ms) =>
    setTimeout(() => {
      if (scanGlobals()) publish()
    }, ms),
  )
  return () => {
    for (const off of offs) off?.()
    for (const timer of timers) clearTimeout(timer)
  }
}
