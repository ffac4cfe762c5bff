import type { PackageManager } from './packageManager.js'

/** The app templates under templates/. */
export const templates = ['vite', 'next'] as const
export type Template = (typeof templates)[number]

/** The namespaces an app can connect, as AppKit's CLI offers them: EVM alone, or EVM and Solana. */
export const chainChoices = ['evm', 'evm+solana'] as const
export type ChainChoice = (typeof chainChoices)[number]

/** Where the generated app's modal, wagmi and (with Solana) adapter reach the chains and services. */
export type StackUrls = {
  /** The EVM chain's JSON-RPC and id. */
  rpcUrl: string
  chainId: number
  /** The WalletConnect relay (ws:// or wss://). */
  relayUrl: string
  /** The api service: project config, balances, activity, wallet registry. */
  apiUrl: string
  /** The auth service that serves the embedded wallet's frame (email login). */
  authUrl: string
  /** The Solana cluster's JSON-RPC and genesis hash (its CAIP-2 id is the hash's first 32 characters). */
  solanaRpcUrl: string
  solanaGenesisHash: string
}

/**
 * What `npx pairwise start` serves with its defaults (services/README.md, "The local stack"; the stack file's
 * `chain`, `relay`, `api`, `auth` and `solana` keys). The auth service is on `localhost`, the loopback twin
 * of the pages' 127.0.0.1, so the embedded wallet's frame runs on another site than the app.
 */
export const localStack: StackUrls = {
  rpcUrl: 'http://127.0.0.1:8545',
  chainId: 31337,
  relayUrl: 'ws://127.0.0.1:8787',
  apiUrl: 'http://127.0.0.1:8788',
  authUrl: 'http://localhost:8789',
  solanaRpcUrl: 'http://127.0.0.1:8899',
  // The local Solana chain's fixed genesis hash (LOCALNET_GENESIS_HASH in the `pairwise` package).
  solanaGenesisHash: 'HWFr75Poq7Z31ADWM8sFR7S6NCWkVWxXqmgPgUgQAxRR',
}

/** The port both templates' dev and start servers use: off the stack's demo page (5173). */
export const appPort = 3000

/** Everything the scaffolder needs, every choice made. */
export type ScaffoldOptions = {
  /** The folder to create the app in (made if missing; must be empty). */
  directory: string
  template: Template
  chains: ChainChoice
  email: boolean
  urls: StackUrls
  /** The one that ran the CLI: the app's README and the next steps use its commands. */
  packageManager: PackageManager
}
