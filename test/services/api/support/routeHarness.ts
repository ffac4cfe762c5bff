import { Hono } from 'hono'
import { migrate, openDatabase } from '../../../../services/api/db/index.js'
import { ApiError, invalidKey } from '../../../../services/api/http/apiError.js'
import { type ApiRoutes, mountRoutes } from '../../../../services/api/http/directRoute.js'
import type { Project, RouteDeps } from '../../../../services/api/http/types.js'
import { verifyMigrations } from '../../../../services/api/verify/index.js'

/** The one project the fake guard knows: `projectId=p1`; any other id is 401 invalid key. */
export const testProject: Project = {
  id: 'p1',
  name: 'Test',
  allowedOrigins: [],
  basic: false,
  features: {
    email: false,
    socials: false,
    swaps: true,
    onramp: true,
    activity: true,
    reownBranding: false,
    multiWallet: false,
  },
}

/** Route deps for one feature's routes alone, before (or without) the app core: a fake guard, a set clock. */
export async function routeDeps(clock: { now: number }): Promise<RouteDeps> {
  return {
    db: await openDatabase(':memory:'),
    logger: { info() {}, warn() {}, error() {} },
    now: () => clock.now,
    project: async (request) => {
      if (request.query('projectId') !== testProject.id) throw invalidKey()
      return testProject
    },
  }
}

/** `routes` under an app that answers ApiErrors as the api does, so tests see the status and body. */
export function appWith(routes: ApiRoutes): Hono {
  const app = new Hono()
  app.onError((error, c) =>
    error instanceof ApiError
      ? c.json(error.toJSON(), error.status)
      : c.json({ code: 'SERVER_ERROR', message: 'Server Error' }, 500),
  )
  return mountRoutes(app, routes)
}

/** Route deps for the verify routes: `routeDeps` with the table of the verify signing keys. */
export async function verifyRouteDeps(clock: { now: number }): Promise<RouteDeps> {
  const deps = await routeDeps(clock)
  await migrate(deps.db, [verifyMigrations])
  return deps
}
