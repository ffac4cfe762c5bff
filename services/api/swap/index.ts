export {
  nativeTokenAddress,
  type SwapAggregator,
  type SwapChainConfig,
  type SwapOptions,
  type SwapToken,
  swapRoutes,
} from './swapRoutes.js'
