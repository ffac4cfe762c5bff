export {
  nativeTokenAddress,
  type SwapChainConfig,
  type SwapOptions,
  type SwapToken,
  swapRoutes,
} from './swapRoutes.js'
