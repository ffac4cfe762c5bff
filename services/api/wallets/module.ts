import type { ApiModule } from '../apiModule.js'
import { walletRegistryRoutes } from './routes.js'

/** The wallet registry and its icons, readable by any page. */
export const walletsModule: ApiModule = {
  name: 'wallets',
  cors: { public: ['/v1/wallets/*'] },
  start: ({ options }) => ({
    routes: [(deps) => walletRegistryRoutes({ ...deps, ...options.walletRegistry })],
  }),
}
