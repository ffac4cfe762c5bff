import { Hono } from 'hono'
import { apiRequest } from '../http/clientAddress.js'
import type { RouteDeps } from '../http/types.js'
import { effectiveFeatures } from './project.js'

/**
 * `GET /v1/project/config` → `{ projectId, name, basic, features }` (features all off in basic mode) and
 * `GET /v1/project/origins` → `{ origins }`, both behind the project guard.
 */
export function projectRoutes(deps: Pick<RouteDeps, 'project'>): Hono {
  return new Hono()
    .get('/v1/project/config', async (c) => {
      const project = await deps.project(apiRequest(c))
      return c.json({
        projectId: project.id,
        name: project.name,
        basic: project.basic,
        features: effectiveFeatures(project),
      })
    })
    .get('/v1/project/origins', async (c) => {
      const project = await deps.project(apiRequest(c))
      return c.json({ origins: project.allowedOrigins })
    })
}
