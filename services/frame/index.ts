export { type FrameChain, type FrameConfig, frameChainSchema, frameConfigSchema } from './frameConfig.js'
export { frameCsp, frameDistDir, frameRoutes } from './frameRoutes.js'
