import type { ApiModule } from '../apiModule.js'
import { activityRoutes } from './routes.js'

/** Activity and NFTs, from what the indexer stored (EVM) and the clusters' RPC (Solana). */
export const activityModule: ApiModule = {
  name: 'activity',
  start: ({ options, chains }) => ({
    routes: [
      (deps) =>
        activityRoutes({
          ...deps,
          chains: chains.list(),
          solanaChains: chains.solanaList(),
          nftMetadata: options.nftMetadata,
        }),
    ],
  }),
}
