import type { ApiModule } from '../apiModule.js'
import { namesMigrations } from './migrations.js'
import { namesRouteFactories } from './startNames.js'

/** Names under the zone, and their CCIP-read gateway, which any page's ENS client asks. */
export const namesModule: ApiModule = {
  name: 'names',
  migrations: namesMigrations,
  cors: { public: ['/ccip/*'] },
  start: ({ options, chains }) => ({ routes: namesRouteFactories(options.names ?? {}, chains.list()) }),
}
