import type { BackgroundJob } from '../background/backgroundJob.js'
import { pause } from '../background/pause.js'
import type { Database } from '../db/index.js'
import type { RouteFactory } from '../http/directRoute.js'
import type { ApiLogger } from '../http/types.js'
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
  /** This api's public URL, when a proxy or domain is in front of it: the base of the sandbox's checkout URLs. */
  publicUrl?: string
}

/**
 * The onramp's routes for the api, and the job that delivers what they sell. Payments are handed to the
 * job, which one process runs at a time, since every delivery is sent from one key and two senders would
 * race for its nonces. When that process is this one a payment starts its delivery at once; otherwise the
 * holder finds it at its next sweep, every `sweepMs`. The sweep also fails expired checkouts and deletes
 * finished orders past their keeping (./limits.ts), in that one process rather than in every one.
 */
export function onrampModule(options: OnrampOptions | undefined): {
  routes: RouteFactory[]
  job(deps: {
    db: Database
    logger: ApiLogger
    now: () => number
    sweepMs: number
  }): BackgroundJob | undefined
} {
  const config = options?.sandbox
  const routes: RouteFactory[] = []
  // The sandbox delivering here while this process holds the deliveries, told at once of payments made here.
  let holder: OnrampSandbox | undefined
  if (config) {
    const deliverer = new Deliverer({
      rpcUrl: config.rpcUrl,
      chainId: config.chainId,
      key: config.deliveryKey,
    })
    routes.push((deps) => {
      const sandbox = new OnrampSandbox(config, { ...deps, deliverer, handOff: () => holder?.resume() })
      return onrampRoutes({ ...deps, sandbox, publicUrl: options?.publicUrl })
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
    job({ sweepMs, ...deps }) {
      if (!config) return undefined
      return {
        name: 'onramp',
        async run(signal) {
          // A deliverer per hold: its queue orders this hold's sends, and nothing of an earlier hold is in it.
          const deliverer = new Deliverer({
            rpcUrl: config.rpcUrl,
            chainId: config.chainId,
            key: config.deliveryKey,
          })
          const sandbox = new OnrampSandbox(config, { ...deps, deliverer, signal })
          holder = sandbox
          try {
            while (!signal.aborted) {
              sandbox.resume()
              await sandbox.tidy()
              await pause(sweepMs, signal)
            }
          } finally {
            holder = undefined
            await sandbox.idle()
          }
        },
      }
    },
  }
}
