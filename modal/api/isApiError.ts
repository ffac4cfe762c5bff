import type { ApiError } from './client.js'

/**
 * Whether `error` is the api client's refusal. Checked by name rather than `instanceof`: features loaded
 * later check it without importing the client, which the first load holds (an import would split the client
 * into a chunk of its own).
 */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof Error && error.name === 'ApiError'
}
