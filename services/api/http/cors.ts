import type { MiddlewareHandler } from 'hono'
import { originAllowed } from '../projects/originMatcher.js'
import type { StoredProject } from '../projects/project.js'

const MAX_PROJECT_ID_LENGTH = 128

/**
 * Routes open to every origin, which answer CORS themselves: the wallet registry and its icons, and the
 * verify service (any page registers its own origin, any wallet looks attestations up).
 */
const publicPaths = /^\/(v1\/wallets(\/|$)|attestation(\/|$)|v3\/public-key$)/

/**
 * CORS per project: a browser may read an answer only when its Origin is one the request's project
 * (`projectId` query) allows; preflights are answered the same way. Error answers carry no project data
 * and are readable from any origin, so the modal can show why it was refused ('Unauthorized: origin not
 * allowed', 'Unauthorized: invalid key', 'Rate Limited'). Public routes are left to their own CORS.
 */
export function projectCors(projects: {
  find(id: string): Promise<StoredProject | undefined>
}): MiddlewareHandler {
  const allows = async (origin: string, projectId: string | undefined) => {
    if (!projectId || projectId.length > MAX_PROJECT_ID_LENGTH) return false
    const project = await projects.find(projectId).catch(() => undefined)
    return project !== undefined && originAllowed(origin, project.allowedOrigins)
  }
  return async (c, next) => {
    const origin = c.req.header('origin')
    if (origin === undefined || publicPaths.test(c.req.path)) return next()
    const allowed = await allows(origin, c.req.query('projectId'))
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined) {
      c.header('vary', 'Origin')
      if (!allowed) return c.body(null, 204)
      c.header('access-control-allow-origin', origin)
      c.header('access-control-allow-methods', 'GET, POST, PATCH')
      c.header('access-control-allow-headers', 'content-type')
      c.header('access-control-max-age', '600')
      return c.body(null, 204)
    }
    await next()
    c.res.headers.append('vary', 'Origin')
    if (allowed || c.res.status >= 400) {
      c.res.headers.set('access-control-allow-origin', origin)
      c.res.headers.set('access-control-expose-headers', 'retry-after')
    }
  }
}
