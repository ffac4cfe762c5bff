export {
  type ApiChain,
  type ApiChainConfig,
  apiChainSchema,
  apiTokenSchema,
  bundlerNameSchema,
  caipNetworkIdOf,
} from './apiChain.js'
export { type AnyApiChainConfig, ApiChains, isSolanaNetwork } from './apiChains.js'
export { caipNetworkIdSchema } from './caipNetworkId.js'
export { localApiChain } from './localApiChain.js'
export { localSolanaApiChain } from './localSolanaApiChain.js'
export {
  isSolanaAddress,
  LAMPORT_DECIMALS,
  type SolanaApiChain,
  type SolanaApiChainConfig,
  solanaApiChainSchema,
  solanaCaipNetworkIdOf,
  unlistedToken,
} from './solanaApiChain.js'
export { SolanaRpc, SolanaRpcError } from './solanaRpc.js'
