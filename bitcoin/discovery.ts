import type { Wallets } from '@wallet-standard/app'
import type { BitcoinConnector } from './connectors/connector.js'
import { injectedBitcoin, injectedConnector } from './connectors/injected.js'
import { type LeatherProvider, leatherConnector } from './connectors/leather.js'
import { satsConnectConnector, satsConnectProviders } from './connectors/satsConnect.js'
import { isBitcoinStandardWallet, walletStandardConnector } from './connectors/walletStandard.js'

/**
 * The page's Bitcoin wallets across the four families. Wallet Standard wallets come and go through the
 * registry's events; the others are page globals, read when discovery starts and again after `later`
 * delays, since some inject after the page's scripts run (AppKit retries sats-connect 3 × 200 ms).
 */
export function watchBitcoinWallets(options: {
  registry: Wallets | undefined
  /** The page's window, where the global families put themselves. */
  page: object | undefined
  onChange(connectors: readonly BitcoinConnector[]): void
  later?: readonly number[]
}): () => void {
  const standard = new Map<object, BitcoinConnector>()
  const globals = new Map<string, BitcoinConnector>()
  const publish = () => options.onChange([...standard.values(), ...globals.values()])
  const addStandard = (wallets: readonly Parameters<typeof walletStandardConnector>[0][]) => {
    for (const wallet of wallets)
      if (!standard.has(wallet) && isBitcoinStandardWallet(wallet))
        standard.set(wallet, walletStandardConnector(wallet))
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
    if (typeof leather?.request === 'function' && !globals.has('bip122:leather') && !names.has('Leather'))
      globals.set('bip122:leather', leatherConnector(leather))
    for (const kind of ['unisat', 'okx'] as const) {
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
      addStandard(wallets)
      publish()
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
