export { type ApiChain, type ApiChainConfig, apiChainSchema, caipNetworkIdOf } from './apiChain.js'
export { ApiChains } from './apiChains.js'
export { caipNetworkIdSchema } from './caipNetworkId.js'
export { localApiChain } from './localApiChain.js'
