import type { ApiModule } from '../apiModule.js'
import { swapRoutes } from './routes.js'

/** Swap quotes and transactions on each configured chain's DEX; off without one. */
export const swapModule: ApiModule = {
  name: 'swap',
  start: ({ options: { swap } }) => ({ routes: swap ? [(deps) => swapRoutes({ ...deps, ...swap })] : [] }),
}
