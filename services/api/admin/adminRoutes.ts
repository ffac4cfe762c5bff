import { Hono } from 'hono'
import { ApiError } from '../http/apiError.js'
import { validJson } from '../http/validate.js'
import { newProjectSchema, projectIdSchema, projectPatchSchema } from '../projects/project.js'
import { ProjectExistsError, type ProjectStore } from '../projects/projectStore.js'
import { requireAdmin } from './adminAuth.js'

const notFound = (id: string) => new ApiError(404, 'NOT_FOUND', `No project '${id.slice(0, 64)}'`)

/**
 * The projects as JSON behind the admin token: `GET/POST /v1/admin/projects`,
 * `GET/PATCH /v1/admin/projects/:id`.
 */
export function adminRoutes(deps: { projects: ProjectStore; adminToken: string }): Hono {
  const { projects } = deps
  const projectId = (id: string) => {
    if (!projectIdSchema.safeParse(id).success) throw notFound(id)
    return id
  }
  return new Hono()
    .use('/v1/admin/*', requireAdmin(deps.adminToken))
    .get('/v1/admin/projects', async (c) => c.json({ projects: await projects.list() }))
    .post('/v1/admin/projects', async (c) => {
      const input = await validJson(c.req, newProjectSchema)
      try {
        return c.json(await projects.create(input), 201)
      } catch (error) {
        if (error instanceof ProjectExistsError)
          throw new ApiError(409, 'INVALID_REQUEST', `id: ${error.message}`)
        throw error
      }
    })
    .get('/v1/admin/projects/:id', async (c) => {
      const id = projectId(c.req.param('id'))
      const project = await projects.get(id)
      if (!project) throw notFound(id)
      return c.json(project)
    })
    .patch('/v1/admin/projects/:id', async (c) => {
      const id = projectId(c.req.param('id'))
      const patch = await validJson(c.req, projectPatchSchema)
      const project = await projects.update(id, patch)
      if (!project) throw notFound(id)
      return c.json(project)
    })
}
