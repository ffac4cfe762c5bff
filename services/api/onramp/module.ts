import type { RouteFactory } from '../app.js'
import { Deliverer } from './delivery.js'
import { onrampRoutes } from './routes.js'
import { OnrampSandbox, type SandboxConfig } from './sandbox.js'

export type OnrampOptions = {
  /** The sandbox provider on a local chain; without it the api serves no onramp routes. */
  sandbox?: SandboxConfig
}

/** The onramp's routes for the api, and a wait for the deliveries they started (the api's stop). */
export function onrampModule(options: OnrampOptions | undefined): {
  routes: RouteFactory[]
  idle(): Promise<void>
} {
  const config = options?.sandbox
  if (!config) return { routes: [], idle: async () => {} }
  const deliverer = new Deliverer({ rpcUrl: config.rpcUrl, chainId: config.chainId, key: config.deliveryKey })
  const sandboxes: OnrampSandbox[] = []
  return {
    routes: [
      (deps) => {
        const sandbox = new OnrampSandbox(config, { ...deps, deliverer })
        sandboxes.push(sandbox)
        return onrampRoutes({ ...deps, sandbox })
      },
    ],
    async idle() {
      for (const sandbox of sandboxes) await sandbox.idle()
    },
  }
}
