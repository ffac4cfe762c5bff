export {
  type ApiChain,
  type ApiChainConfig,
  apiChainSchema,
  apiTokenSchema,
  bundlerNameSchema,
  caipNetworkIdOf,
} from './apiChain.js'
export { type AnyApiChainConfig, ApiChains, isBitcoinNetwork, isSolanaNetwork } from './apiChains.js'
export {
  type BitcoinApiChain,
  type BitcoinApiChainConfig,
  bitcoinAddressOf,
  bitcoinApiChainSchema,
  bitcoinCaipNetworkIdOf,
  SATOSHI_DECIMALS,
} from './bitcoinApiChain.js'
export { caipNetworkIdSchema } from './caipNetworkId.js'
export {
  type EsploraClient,
  type EsploraClientOptions,
  EsploraError,
  httpEsplora,
} from './esploraClient.js'
export { localApiChain } from './localApiChain.js'
export { localBitcoinApiChain } from './localBitcoinApiChain.js'
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
