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
  /**
   * Told of each answer (of `bytes`) the kernel did not take at once, its client reading slowly or not at
   * all, which waits in this process until its response closes; returns what to do then. Only the direct
   * lane tells it: through Hono a route is not told.
   */
  unsent?(request: ApiRequest, bytes: number): () => void
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
