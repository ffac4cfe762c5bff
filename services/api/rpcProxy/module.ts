import type { ApiModule } from '../apiModule.js'
import { rpcProxyRoutes } from './routes.js'

/** The chains' JSON-RPC behind the project's limits, and the bundler path. */
export const rpcProxyModule: ApiModule = {
  name: 'rpcProxy',
  start: ({ options, chains }) => ({
    routes: [(deps) => rpcProxyRoutes({ ...deps, chains, limits: options.rpcLimits })],
  }),
}
