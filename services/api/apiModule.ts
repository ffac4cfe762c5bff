import type { ApiModuleOptions } from './apiModuleOptions.js'
import type { BackgroundJob } from './background/backgroundJob.js'
import type { ApiChains } from './chains/apiChains.js'
import type { Database, Migrations } from './db/index.js'
import type { CorsPaths } from './http/cors.js'
import type { RouteFactory } from './http/directRoute.js'
import type { ApiLogger } from './http/types.js'

/** What a module's background jobs get: they run in one process at a time (services/api/background). */
export type JobDeps = { db: Database; logger: ApiLogger; now: () => number; pollMs: number }

/** What a module starts from: the api's options, its chains read once for every module. */
export type ApiModuleContext = { options: ApiModuleOptions & { adminToken: string }; chains: ApiChains }

/** A module once started for one api: its routes, and the background work it runs beside them. */
export type StartedApiModule = { routes: RouteFactory[]; jobs?(deps: JobDeps): BackgroundJob[] }

/**
 * One feature of the api (balances, activity, verify, names, …), each in its own folder with a `module.ts`
 * saying what it adds: its tables, the paths whose CORS is not per project, and how it starts. The api
 * reads the list in apiModules.ts, so a new module is its folder and one line there.
 */
export type ApiModule = {
  name: string
  migrations?: Migrations
  cors?: CorsPaths
  start(context: ApiModuleContext): StartedApiModule
}
