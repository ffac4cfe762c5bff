import { tokensSeenBy } from '../activity/tokensSeenBy.js'
import type { ApiModule } from '../apiModule.js'
import { IndexFreshness } from '../indexer/index.js'
import { balanceRoutes } from './routes.js'

/** Balances of the api's chains, for the tokens the indexer has seen move. */
export const balancesModule: ApiModule = {
  name: 'balances',
  start: ({ chains }) => ({
    routes: [
      (deps) => {
        const freshness = new IndexFreshness(deps.db)
        const byId = new Map(chains.list().map((chain) => [chain.chainId, chain]))
        return balanceRoutes({
          ...deps,
          chains,
          knownTokens: async (chainId, address) => {
            const chain = byId.get(chainId)
            if (chain) await freshness.caughtUp(chain)
            return tokensSeenBy(deps.db, chainId, address)
          },
        })
      },
    ],
  }),
}
