import { getWallets } from '@wallet-standard/app'

/**
 * The app side of the test wallet's own e2e: one `getWallets()` at load, as an app would, left on
 * `window` with a log of register and unregister events and a lookup of a wallet's feature by names.
 */
const wallets = getWallets()
const events: string[] = []
wallets.on('register', (...registered) =>
  events.push(...registered.map((wallet) => `register ${wallet.name}`)),
)
wallets.on('unregister', (...gone) => events.push(...gone.map((wallet) => `unregister ${wallet.name}`)))
const feature = (walletName: string, featureName: `${string}:${string}`) => {
  const wallet = wallets.get().find((candidate) => candidate.name === walletName)
  if (!wallet) throw new Error(`No wallet named ${walletName}`)
  return wallet.features[featureName]
}
Object.assign(window, { walletStandard: { wallets, events, feature } })
