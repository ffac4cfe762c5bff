import * as z from 'zod/mini'
import type { ApiClient, ApiQuery } from '../../../modal/api/client.js'

export type ApiRequest = { path: string; query: ApiQuery; body?: unknown }

/**
 * An api client answering from `answer` (a body, or an Error to fail with), each body read through the
 * caller's schema as the real client does; every request is recorded in `requests`.
 */
export function fakeApi(answer: (request: ApiRequest) => unknown) {
  const requests: ApiRequest[] = []
  const respond = <S extends z.ZodMiniType>(request: ApiRequest, schema: S): z.output<S> => {
    requests.push(request)
    const body = answer(request)
    if (body instanceof Error) throw body
    return z.parse(schema, body)
  }
  const api: ApiClient = {
    get: async (path, query, schema) => respond({ path, query }, schema),
    post: async (path, query, body, schema) => respond({ path, query, body }, schema),
  }
  return { api, requests }
}
