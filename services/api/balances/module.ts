import { tokensSeenBy } from '../activity/tokensSeenBy.js'
import type { ApiModule } from '../apiModule.js'
import { balanceRoutes } from './routes.js'

/** Balances of the api's chains, for the tokens the indexer has seen move. */
export const balancesModule: ApiModule = {
  name: 'balances',
  start: ({ chains }) => ({
    routes: [
      (deps) =>
        balanceRoutes({
          ...deps,
          chains,
          knownTokens: (chainId, address) => tokensSeenBy(deps.db, chainId, address),
        }),
    ],
  }),
}
