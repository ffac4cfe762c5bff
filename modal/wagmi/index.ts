export {
  createQueryClient,
  QUERY_GC_MS,
  QUERY_RETRIES,
  QUERY_RETRY_FIRST_DELAY_MS,
  QUERY_RETRY_MAX_DELAY_MS,
  queryRetryDelay,
} from './queryClient.js'
export { WagmiAdapter, type WagmiAdapterOptions } from './wagmiAdapter.js'
