import type { Wallet } from '@wallet-standard/base'

export type WalletRegistry = {
  get(): readonly Wallet[]
  on(event: 'register' | 'unregister', listener: (...wallets: Wallet[]) => void): () => void
  register(...wallets: Wallet[]): () => void
}

/** A Wallet Standard registry of its own, as `@wallet-standard/app`'s `getWallets()` is for a page. */
export function walletRegistry(): WalletRegistry {
  const wallets: Wallet[] = []
  const listeners = {
    register: new Set<(...w: Wallet[]) => void>(),
    unregister: new Set<(...w: Wallet[]) => void>(),
  }
  return {
    get: () => [...wallets],
    on(event, listener) {
      listeners[event].add(listener)
      return () => listeners[event].delete(listener)
    },
    register(...added) {
      wallets.push(...added)
      for (const listener of listeners.register) listener(...added)
      return () => {
        for (const wallet of added) wallets.splice(wallets.indexOf(wallet), 1)
        for (const listener of listeners.unregister) listener(...added)
      }
    },
  }
}
