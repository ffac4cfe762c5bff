import type { RouteFactory } from '../app.js'
import type { CoinbaseConfig } from './coinbase/coinbaseSession.js'
import { Deliverer } from './delivery.js'
import { type MeldConfig, onrampProviderRoutes } from './providerRoutes.js'
import { onrampRoutes } from './routes.js'
import { OnrampSandbox, type SandboxConfig } from './sandbox.js'

export type OnrampOptions = {
  /** The sandbox provider on a local chain. */
  sandbox?: SandboxConfig
  /** Meld, with the integrator's public key; off without it. */
  meld?: MeldConfig
  /** Coinbase Onramp (Secure Init), with the integrator's CDP secret key; off without it. */
  coinbase?: CoinbaseConfig
}

/** The onramp's routes for the api, and a wait for the deliveries they started (the api's stop). */
export function onrampModule(options: OnrampOptions | undefined): {
  routes: RouteFactory[]
  idle(): Promise<void>
} {
  const config = options?.sandbox
  const sandboxes: OnrampSandbox[] = []
  const routes: RouteFactory[] = []
  if (config) {
    const deliverer = new Deliverer({
      rpcUrl: config.rpcUrl,
      chainId: config.chainId,
      key: config.deliveryKey,
    })
    routes.push((deps) => {
      const sandbox = new OnrampSandbox(config, { ...deps, deliverer })
      sandbox.resume()
      sandboxes.push(sandbox)
      return onrampRoutes({ ...deps, sandbox })
    })
  }
  if (config || options?.meld || options?.coinbase)
    routes.push((deps) =>
      onrampProviderRoutes({
        ...deps,
        sandbox: config !== undefined,
        ...(options?.meld ? { meld: options.meld } : {}),
        ...(options?.coinbase ? { coinbase: options.coinbase } : {}),
      }),
    )
  return {
    routes,
    async idle() {
      for (const sandbox of sandboxes) await sandbox.idle()
    },
  }
}
