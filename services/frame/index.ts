export {
  type FrameChain,
  type FrameConfig,
  frameChainSchema,
  frameConfigSchema,
  MAX_FRAME_TOKENS,
} from './frameConfig.js'
export { frameCsp, frameDistDir, frameRoutes } from './frameRoutes.js'
