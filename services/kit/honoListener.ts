import { getRequestListener } from '@hono/node-server'
import { HttpError } from './httpError.js'

/**
 * A Hono app's `fetch` as a Node listener for the safe server. A `Host` header that cannot make a URL (the
 * one thing that fails before the app sees the request) is the client's mistake: a 400 `{ code, message }`.
 */
export function honoListener(
  fetch: Parameters<typeof getRequestListener>[0],
): ReturnType<typeof getRequestListener> {
  return getRequestListener(fetch, {
    errorHandler: () =>
      Response.json(new HttpError(400, 'Bad Request: invalid host or target').toJSON(), { status: 400 }),
  })
}
