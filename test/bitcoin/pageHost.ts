import type { AdapterContext, CaipNetwork } from '../../modal/adapter.js'
import {
  type BitcoinTestWalletOptions,
  BitcoinWalletHandler,
  bitcoinWalletPageScript,
} from '../support/bitcoinWallet/index.js'
import { type WalletRegistry, walletRegistry } from '../support/walletRegistry.js'

/**
 * A stand-in page for Node tests: an EventTarget as the window, with a Wallet Standard registry listening
 * for the register event as `@wallet-standard/app` does in a browser, and the test wallets' page halves
 * installed into it, each talking straight to its Node handler.
 */
export function pageHost(origin = 'http://127.0.0.1:5173') {
  const target = new EventTarget() as EventTarget & Record<string, unknown>
  const registry = walletRegistry()
  target.addEventListener('wallet-standard:register-wallet', (event) =>
    (event as CustomEvent<(api: WalletRegistry) => void>).detail(registry),
  )
  const events: unknown[] = []
  return {
    target,
    registry: () => registry as never,
    events,
    /** Installs a test wallet's page half; its Node half answers with `origin` as the page's. */
    install(options: Omit<BitcoinTestWalletOptions, 'icon'>) {
      const handler = new BitcoinWalletHandler(options.family, options.seed, options.esplora)
      bitcoinWalletPageScript(
        {
          id: options.name.replace(/\W/g, ''),
          binding: '',
          family: options.family,
          name: options.name,
          icon: '',
        },
        { target, bridge: (call) => handler.handle(call, origin) },
      )
      return handler
    },
    context(networks: CaipNetwork[]): AdapterContext {
      return {
        networks,
        target,
        emit: (event) => events.push(event),
        enableInjected: true,
        enableEIP6963: true,
      }
    },
  }
}
