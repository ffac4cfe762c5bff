import type { MiddlewareHandler } from 'hono'
import { originAllowed } from '../projects/originMatcher.js'
import { MAX_PROJECT_ID_LENGTH, type ProjectLookup } from '../projects/projectLookup.js'
import { apiRequest } from './clientAddress.js'

/**
 * Paths whose CORS is not per project, each module declaring its own (its `module.ts`). A path ending in
 * `/*` is that path and every path under it; any other is that path exactly.
 */
export type CorsPaths = {
  /**
   * Routes that answer CORS themselves, readable by any origin (the wallet registry, verify's lookups,
   * the names' CCIP-read gateway, the api's reference).
   */
  public?: readonly string[]
  /**
   * Routes a page calls with credentials (the sign-in cookie): answered with
   * `Access-Control-Allow-Credentials: true` beside the exact origin, and preflights that admit PUT, DELETE
   * and the Authorization header (a bearer sign-in token).
   */
  credentialed?: readonly string[]
}

/** One test for a list of `CorsPaths` entries. */
export function pathMatcher(paths: readonly string[]): (path: string) => boolean {
  const exact = new Set(paths.filter((path) => !path.endsWith('/*')))
  const under = paths.filter((path) => path.endsWith('/*')).map((path) => path.slice(0, -2))
  return (path) => exact.has(path) || under.some((base) => path === base || path.startsWith(`${base}/`))
}

/**
 * CORS per project: a browser may read an answer only when its Origin is one the request's project
 * (`projectId` query) allows. Error answers carry no project data and are readable from any origin, so
 * the modal can show why it was refused ('Unauthorized: origin not allowed', 'Unauthorized: invalid key',
 * 'Rate Limited'). Shared by the Hono middleware below and the direct lane.
 */
export class ProjectCors {
  private readonly isPublic: (path: string) => boolean
  private readonly isCredentialed: (path: string) => boolean

  constructor(
    private readonly projects: Pick<ProjectLookup, 'lookUp'>,
    paths: CorsPaths,
  ) {
    this.isPublic = pathMatcher(paths.public ?? [])
    this.isCredentialed = pathMatcher(paths.credentialed ?? [])
  }

  /**
   * Whether CORS for `path` is this policy's to answer (else the route answers it). Its answers then vary
   * by Origin, sent or not: a shared cache must never hand one page the answer made for another request.
   */
  governs(path: string): boolean {
    return !this.isPublic(path)
  }

  /**
   * Whether `origin` may read answers for the project `projectId` names. The lookup is `client`'s (its
   * budget of lookups of unknown ids): one it may no longer make is answered as a project not allowed.
   */
  async allows(origin: string, projectId: string | undefined, client: string): Promise<boolean> {
    if (!projectId || projectId.length > MAX_PROJECT_ID_LENGTH) return false
    const project = await this.projects.lookUp(projectId, client).catch(() => undefined)
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
    if (!this.isCredentialed(path)) return headers
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
    return this.isCredentialed(path) ? { ...headers, 'access-control-allow-credentials': 'true' } : headers
  }
}

const isPreflight = (method: string, requestMethod: string | undefined) =>
  method === 'OPTIONS' && requestMethod !== undefined

/** ProjectCors as Hono middleware: preflights answered here, other answers given their headers. */
export function projectCors(cors: ProjectCors): MiddlewareHandler {
  return async (c, next) => {
    if (!cors.governs(c.req.path)) return next()
    const origin = c.req.header('origin')
    const allowed =
      origin !== undefined && (await cors.allows(origin, c.req.query('projectId'), apiRequest(c).client()))
    if (origin !== undefined && isPreflight(c.req.method, c.req.header('access-control-request-method')))
      return c.body(null, 204, cors.preflightHeaders(origin, allowed, c.req.path))
    await next()
    c.res.headers.append('vary', 'Origin')
    if (origin === undefined) return
    for (const [name, value] of Object.entries(cors.answerHeaders(origin, allowed, c.res.status, c.req.path)))
      c.res.headers.set(name, value)
  }
}
