import * as z from 'zod/mini'
import type { ApiClient, ApiQuery } from '../../../modal/api/client.js'

export type ApiRequest = { path: string; query: ApiQuery }

/**
 * An api client answering from `answer` (a body, or an Error to fail with), each body read through the
 * caller's schema as the real client does; every request is recorded in `requests`.
 */
export function fakeApi(answer: (request: ApiRequest) => unknown) {
  const requests: ApiRequest[] = []
  const api: ApiClient = {
    get: async (path, query, schema) => {
      const request = { path, query }
      requests.push(request)
      const body = answer(request)
      if (body instanceof Error) throw body
      return z.parse(schema, body)
    },
  }
  return { api, requests }
}
