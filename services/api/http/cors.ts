import type { MiddlewareHandler } from 'hono'
import { originAllowed } from '../projects/originMatcher.js'
import type { StoredProject } from '../projects/project.js'

const MAX_PROJECT_ID_LENGTH = 128

/**
 * Routes that answer CORS themselves: the wallet registry and its icons, the verify service (any wallet
 * looks attestations up; its frame page and the frame's registration are readable by no other origin, as
 * the page carries a one-time challenge), the names' CCIP-read gateway (any page's ENS client asks it) and
 * the api's reference (`/openapi.json`).
 */
const publicPaths =
  /^\/(v1\/wallets(\/|$)|attestation(\/|$)|verify\/frame$|v3\/public-key$|ccip(\/|$)|openapi\.json$)/

/**
 * Routes a page calls with credentials (the sign-in cookie): answered with
 * `Access-Control-Allow-Credentials: true` beside the exact origin, and preflights that admit PUT, DELETE
 * and the Authorization header (a bearer sign-in token).
 */
const credentialedPaths = /^\/siwx(\/|$)/

type Projects = { find(id: string): Promise<StoredProject | undefined> }

/**
 * CORS per project: a browser may read an answer only when its Origin is one the request's project
 * (`projectId` query) allows. Error answers carry no project data and are readable from any origin, so
 * the modal can show why it was refused ('Unauthorized: origin not allowed', 'Unauthorized: invalid key',
 * 'Rate Limited'). Shared by the Hono middleware below and the direct lane.
 */
export class ProjectCors {
  constructor(private readonly projects: Projects) {}

  /** Whether CORS for `path` is this policy's to answer (else the route answers it, or it is not asked). */
  applies(origin: string | undefined, path: string): origin is string {
    return origin !== undefined && !publicPaths.test(path)
  }

  async allows(origin: string, projectId: string | undefined): Promise<boolean> {
    if (!projectId || projectId.length > MAX_PROJECT_ID_LENGTH) return false
    const project = await this.projects.find(projectId).catch(() => undefined)
    return project !== undefined && originAllowed(origin, project.allowedOrigins)
  }

  /** The headers of a preflight's 204: none but `vary` for an origin not allowed. */
  preflightHeaders(origin: string, allowed: boolean, path: string): Record<string, string> {
    if (!allowed) return { vary: 'Origin' }
    const headers = {
      vary: 'Origin',
      'access-control-allow-origin': origin,
      'access-control-allow-methods': 'GET, POST, PATCH',
      'access-control-allow-headers': 'content-type',
      'access-control-max-age': '600',
    }
    if (!credentialedPaths.test(path)) return headers
    return {
      ...headers,
      'access-control-allow-methods': 'GET, POST, PUT, DELETE',
      'access-control-allow-headers': 'content-type, authorization',
      'access-control-allow-credentials': 'true',
    }
  }

  /**
   * What an answer with `status` gets besides `vary: Origin`. On credentialed paths every route starts
   * with the project guard, so an error a refused origin may read says only why it was refused.
   */
  answerHeaders(origin: string, allowed: boolean, status: number, path: string): Record<string, string> {
    if (!allowed && status < 400) return {}
    const headers = { 'access-control-allow-origin': origin, 'access-control-expose-headers': 'retry-after' }
    return credentialedPaths.test(path) ? { ...headers, 'access-control-allow-credentials': 'true' } : headers
  }
}

const isPreflight = (method: string, requestMethod: string | undefined) =>
  method === 'OPTIONS' && requestMethod !== undefined

/** ProjectCors as Hono middleware: preflights answered here, other answers given their headers. */
export function projectCors(cors: ProjectCors): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('origin')
    if (!cors.applies(origin, c.req.path)) return next()
    const allowed = await cors.allows(origin, c.req.query('projectId'))
    if (isPreflight(c.req.method, c.req.header('access-control-request-method')))
      return c.body(null, 204, cors.preflightHeaders(origin, allowed, c.req.path))
    await next()
    c.res.headers.append('vary', 'Origin')
    for (const [name, value] of Object.entries(cors.answerHeaders(origin, allowed, c.res.status, c.req.path)))
      c.res.headers.set(name, value)
  }
}
