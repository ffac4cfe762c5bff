// Where the app reaches its chains and services, written by create-pairwise. The defaults are the stack
// `npx pairwise start` runs on this machine; point them at your own relay, api and RPC to deploy.

/** The EVM chain's JSON-RPC and id. */
export const rpcUrl = '{{rpcUrl}}'
export const chainId = '{{chainId}}'
/** The WalletConnect relay: wallets on other devices connect through it. */
export const relayUrl = '{{relayUrl}}'
/** The api service: the project's settings, balances, activity and the wallet list. */
export const apiUrl = '{{apiUrl}}'
/** The auth service, serving the embedded wallet's frame for email login. */
export const authUrl = '{{authUrl}}'
/** The Solana cluster's JSON-RPC and genesis hash. */
export const solanaRpcUrl = '{{solanaRpcUrl}}'
export const solanaGenesisHash = '{{solanaGenesisHash}}'
/** The app's name, shown on its page and to wallets. */
export const appName = '{{projectName}}'
/** The project in the api service (create it with `{{projectCommand}}`). */
export const projectId = '{{projectId}}'
