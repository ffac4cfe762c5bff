import { type ActivityRouteOptions, activityRoutes, tokensSeenBy } from './activity/index.js'
import { analyticsMigrations, analyticsRoutes } from './analytics/index.js'
import type { RouteFactory } from './app.js'
import type { BackgroundJob } from './background/backgroundJob.js'
import { balanceRoutes } from './balances/index.js'
import { type AnyApiChainConfig, ApiChains, caipNetworkIdOf } from './chains/index.js'
import type { Database, Migrations } from './db/index.js'
import type { ApiLogger, RouteDeps } from './http/types.js'
import { indexerJob, indexerMigrations } from './indexer/index.js'
import { type NamesOptions, namesMigrations, namesRouteFactories } from './names/index.js'
import { type OnrampOptions, onrampMigrations, onrampModule } from './onramp/index.js'
import { type RpcRateLimits, rpcProxyRoutes } from './rpcProxy/index.js'
import { siwxMigrations, siwxRoutes } from './siwx/index.js'
import { createSiwxVerifier } from './siwx/verify/index.js'
import { type SwapOptions, swapRoutes } from './swap/index.js'
import { type VerifyRouteOptions, verifyMigrations, verifyRoutes } from './verify/index.js'
import { type WalletRegistryOptions, walletRegistryRoutes } from './wallets/index.js'

export type ApiModuleOptions = {
  /**
   * The chains served by balances, activity, NFTs and the RPC proxy; none by default. Solana clusters
   * (`genesisHash`) are served by balances and activity, read from their RPC.
   */
  chains?: readonly AnyApiChainConfig[]
  /** How the indexer follows each chain; `false` serves activity from what is already indexed. */
  indexer?: { fromBlock?: number; pollMs?: number } | false
  nftMetadata?: ActivityRouteOptions['nftMetadata']
  walletRegistry?: WalletRegistryOptions
  /** The verify service's key file, scam list and attestation caps. */
  verify?: VerifyRouteOptions
  /** Analytics rows kept per project and UTC day. */
  analyticsDailyRowCap?: number
  /** The RPC proxy's own per-project limits (requests and batch calls per minute). */
  rpcLimits?: Partial<RpcRateLimits>
  /**
   * Sign-in: the Solana and Bitcoin chains (CAIP-2) it accepts beside the EVM chains above, and the api's
   * URL as browsers reach it when a proxy in front changes it (it decides the cookie's form).
   */
  siwx?: { chains?: readonly string[]; publicUrl?: string }
  /** The onramp's sandbox provider (its local chain, test USDC and funded key); off without it. */
  onramp?: OnrampOptions
  /** Names: the zone (default `pairwise.eth`), the CCIP-read gateway's signing key, the chains names are registered on. */
  names?: NamesOptions
  /** Swaps: each chain's DEX (router, wrapped native coin) and token list; off without it. */
  swap?: SwapOptions
}

export type ApiModules = {
  migrations: Migrations[]
  routes: RouteFactory[]
  /** What runs beside the routes, in one process at a time: the indexer (every chain), the onramp's deliveries. */
  jobs(deps: { db: Database; logger: ApiLogger; now: () => number; pollMs: number }): BackgroundJob[]
}

/**
 * Every feature module of the api service, wired to one set of chains: balances read the tokens the
 * indexer has seen move, activity and NFTs come from the indexer, the RPC proxy forwards to the same
 * upstreams.
 */
export function apiModules(options: ApiModuleOptions & { adminToken: string }): ApiModules {
  const chains = new ApiChains(options.chains ?? [])
  const rpcUrlByChain = new Map<string, string>(
    chains.list().map((chain) => [caipNetworkIdOf(chain), chain.rpcUrl]),
  )
  const siwxVerifier = createSiwxVerifier({ rpcUrl: (chainId) => rpcUrlByChain.get(chainId) })
  const onramp = onrampModule(options.onramp)
  const swap = options.swap
  return {
    migrations: [
      indexerMigrations,
      analyticsMigrations,
      siwxMigrations,
      namesMigrations,
      onrampMigrations,
      verifyMigrations,
    ],
    routes: [
      (deps) =>
        balanceRoutes({
          ...deps,
          chains,
          knownTokens: (chainId, address) => tokensSeenBy(deps.db, chainId, address),
        }),
      (deps) =>
        activityRoutes({
          ...deps,
          chains: chains.list(),
          solanaChains: chains.solanaList(),
          nftMetadata: options.nftMetadata,
        }),
      (deps) => rpcProxyRoutes({ ...deps, chains, limits: options.rpcLimits }),
      (deps) =>
        analyticsRoutes({
          ...deps,
          adminToken: options.adminToken,
          dailyRowCap: options.analyticsDailyRowCap,
        }),
      (deps) => walletRegistryRoutes({ ...deps, ...options.walletRegistry }),
      (deps) => verifyRoutes({ ...deps, ...options.verify }),
      (deps) =>
        siwxRoutes({
          ...deps,
          verify: (input) => siwxVerifier.verify(input),
          chains: [...rpcUrlByChain.keys(), ...(options.siwx?.chains ?? [])],
          publicUrl: options.siwx?.publicUrl,
        }),
      ...namesRouteFactories(options.names ?? {}, chains.list()),
      ...onramp.routes,
      ...(swap ? [(deps: RouteDeps) => swapRoutes({ ...deps, ...swap })] : []),
    ],
    jobs({ pollMs, ...deps }) {
      const indexed = options.indexer === false ? [] : chains.list()
      const onrampJob = onramp.job({ ...deps, sweepMs: pollMs })
      return [
        ...(indexed.length > 0 ? [indexerJob(indexed, options.indexer || {}, deps)] : []),
        ...(onrampJob ? [onrampJob] : []),
      ]
    },
  }
}
