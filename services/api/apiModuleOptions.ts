import type { ActivityRouteOptions } from './activity/routes.js'
import type { AnyApiChainConfig } from './chains/apiChains.js'
import type { NamesOptions } from './names/startNames.js'
import type { OnrampOptions } from './onramp/startOnramp.js'
import type { RpcRateLimits } from './rpcProxy/jsonRpcForwarding.js'
import type { SwapOptions } from './swap/routes.js'
import type { VerifyRouteOptions } from './verify/routes.js'
import type { WalletRegistryOptions } from './wallets/routes.js'

export type ApiModuleOptions = {
  /**
   * The chains served by balances, activity, NFTs and the RPC proxy; none by default. Solana clusters
   * (`genesisHash`) are served by balances and activity, read from their RPC, and so are Bitcoin networks
   * (`genesisHash` and `esploraUrl`), read from their Esplora API.
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
