import { Hono } from 'hono'
import { apiRequest } from './clientAddress.js'
import type { ApiRequest, RouteDeps } from './types.js'

/**
 * A JSON route written once against ApiRequest and served two ways: through Hono like every route, and
 * by the direct lane straight from Node's request. The hottest endpoints (balances, the RPC proxy) are
 * direct routes: there Hono's layers (web Request and Response objects, one promise per middleware) cost
 * more than the route's own work.
 */
export type DirectRoute = {
  method: 'GET' | 'POST'
  path: `/${string}`
  /** The JSON body of the 200 answer; throws an ApiError for what the client got wrong. */
  answer(request: ApiRequest): Promise<object>
  /** The answers a client leaves unread, which the route keeps within a budget. */
  unsent?: UnsentAnswers
}

/**
 * The answer bytes a route's clients leave in this process unread. Only the direct lane tells it: through
 * Hono a route is not told.
 */
export type UnsentAnswers = {
  /**
   * Whether the client of `request` already leaves more than its budget unread: its answer, ready now, is
   * refused 429 rather than held too, so one that asked for many at once holds its budget and one answer.
   */
  over(request: ApiRequest): boolean
  /**
   * Counts an answer of `bytes` the kernel did not take at once, its client reading slowly or not at all;
   * returns what gives it back once the answer has gone or its connection has.
   */
  hold(request: ApiRequest, bytes: number): () => void
}

/** What a feature module gives the app: Hono routes, or direct routes. */
export type ApiRoutes = Hono | readonly DirectRoute[]

/** A feature module's routes (balances, activity, the RPC proxy, …), built from what every route gets. */
export type RouteFactory = (deps: RouteDeps) => ApiRoutes

/** Mounts `routes` on `app`, direct routes as Hono handlers of the same answer. */
export function mountRoutes(app: Hono, routes: ApiRoutes): Hono {
  if (routes instanceof Hono) return app.route('/', routes)
  for (const route of routes)
    app.on(route.method, route.path, async (c) => c.json(await route.answer(apiRequest(c))))
  return app
}
