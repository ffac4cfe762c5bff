import { QueryClient } from '@tanstack/react-query'

/** CONST-06: a failed query is retried 3 times, 4 attempts in all. */
export const QUERY_RETRIES = 3
/** CONST-06: the first retry waits 1 s and each next one twice as long as the last… */
export const QUERY_RETRY_FIRST_DELAY_MS = 1_000
/** …but never more than 30 s. */
export const QUERY_RETRY_MAX_DELAY_MS = 30_000
/** CONST-07: a query nothing observes any more is dropped from the cache after 5 minutes. */
export const QUERY_GC_MS = 5 * 60_000

/** The wait before retry number `retry` + 1 (0 for the first retry). */
export function queryRetryDelay(retry: number): number {
  return Math.min(QUERY_RETRY_FIRST_DELAY_MS * 2 ** retry, QUERY_RETRY_MAX_DELAY_MS)
}

/**
 * The query client to give wagmi and the page: the spec's retry and cache policy written out here rather
 * than left to react-query's defaults, which may change between its versions.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: QUERY_RETRIES, retryDelay: queryRetryDelay, gcTime: QUERY_GC_MS },
    },
  })
}
