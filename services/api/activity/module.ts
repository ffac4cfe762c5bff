import type { ApiModule } from '../apiModule.js'
import { activityRoutes } from './routes.js'

/**
 * Activity and NFTs, from what the indexer stored (EVM), the clusters' RPC (Solana) and the networks'
 * Esplora API (Bitcoin).
 */
export const activityModule: ApiModule = {
  name: 'activity',
  start: ({ options, chains }) => ({
    routes: [
      (deps) =>
        activityRoutes({
          ...deps,
          chains: chains.list(),
          solanaChains: chains.solanaList(),
          bitcoinChains: chains.bitcoinList(),
          nftMetadata: options.nftMetadata,
        }),
    ],
  }),
}
