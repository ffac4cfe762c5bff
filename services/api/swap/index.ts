export {
  nativeTokenAddress,
  type SwapAggregator,
  type SwapChainConfig,
  type SwapOptions,
  type SwapToken,
  swapRoutes,
} from './routes.js'
