import { activityModule } from './activity/module.js'
import { analyticsModule } from './analytics/module.js'
import type { ApiModule, JobDeps } from './apiModule.js'
import type { ApiModuleOptions } from './apiModuleOptions.js'
import type { BackgroundJob } from './background/backgroundJob.js'
import { balancesModule } from './balances/module.js'
import { ApiChains } from './chains/index.js'
import type { Migrations } from './db/index.js'
import type { CorsPaths } from './http/cors.js'
import type { RouteFactory } from './http/directRoute.js'
import { indexerModule } from './indexer/module.js'
import { namesModule } from './names/module.js'
import { onrampModule } from './onramp/module.js'
import { rpcProxyModule } from './rpcProxy/module.js'
import { siwxModule } from './siwx/module.js'
import { swapModule } from './swap/module.js'
import { verifyModule } from './verify/module.js'
import { walletsModule } from './wallets/module.js'

export type { ApiModuleOptions }

/** Every feature module of the api, mounted in this order after the built-in routes. */
export const apiModuleList: readonly ApiModule[] = [
  indexerModule,
  balancesModule,
  activityModule,
  rpcProxyModule,
  analyticsModule,
  walletsModule,
  verifyModule,
  siwxModule,
  namesModule,
  onrampModule,
  swapModule,
]

/** The api's own public path (its reference), then every module's: whose CORS is not per project. */
export const apiCorsPaths: CorsPaths = {
  public: ['/openapi.json', ...apiModuleList.flatMap((module) => module.cors?.public ?? [])],
  credentialed: apiModuleList.flatMap((module) => module.cors?.credentialed ?? []),
}

export type ApiModules = {
  migrations: Migrations[]
  routes: RouteFactory[]
  /** What runs beside the routes, in one process at a time: the indexer (every chain), the onramp's deliveries. */
  jobs(deps: JobDeps): BackgroundJob[]
}

/**
 * Every feature module started for one api, over one set of chains: balances read the tokens the indexer
 * has seen move, activity and NFTs come from the indexer, the RPC proxy forwards to the same upstreams.
 */
export function apiModules(options: ApiModuleOptions & { adminToken: string }): ApiModules {
  const context = { options, chains: new ApiChains(options.chains ?? []) }
  const started = apiModuleList.map((module) => module.start(context))
  return {
    migrations: apiModuleList.flatMap((module) => (module.migrations ? [module.migrations] : [])),
    routes: started.flatMap((module) => module.routes),
    jobs: (deps) => started.flatMap((module) => module.jobs?.(deps) ?? []),
  }
}
