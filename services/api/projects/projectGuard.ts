import { ApiError, invalidKey, originNotAllowed, rateLimited } from '../http/apiError.js'
import type { Project, ProjectGuard } from '../http/types.js'
import { originAllowed } from './originMatcher.js'
import type { StoredProject } from './project.js'
import type { ProjectStore } from './projectStore.js'
import type { FixedWindowLimiter } from './rateLimiter.js'

const MAX_PROJECT_ID_LENGTH = 128

/**
 * The guard every project route starts with: the `projectId` query names a known project (else 401
 * 'Unauthorized: invalid key'), the Origin header, when sent, is one the project allows (else 403
 * 'Unauthorized: origin not allowed'), and the project is under its requests per minute (else 429).
 * A project the store read within its cache time (a second by default) is checked at once, without a promise.
 */
export function projectGuard(
  projects: Pick<ProjectStore, 'find' | 'remembered'>,
  limiter: FixedWindowLimiter,
): ProjectGuard {
  const admit = (project: StoredProject | undefined, origin: string | undefined): Project => {
    if (!project) throw invalidKey()
    if (origin !== undefined && !originAllowed(origin, project.allowedOrigins)) throw originNotAllowed()
    if (!limiter.take(project.id, project.rateLimitPerMinute)) throw rateLimited(limiter.retryAfterSeconds())
    const { id, name, allowedOrigins, basic, features } = project
    return { id, name, allowedOrigins, basic, features }
  }
  return (request) => {
    const id = request.query('projectId')
    if (id === undefined || id === '') throw new ApiError(400, 'INVALID_REQUEST', 'projectId: Required')
    if (id.length > MAX_PROJECT_ID_LENGTH) throw invalidKey()
    const origin = request.header('origin')
    const remembered = projects.remembered(id)
    if (remembered) return admit(remembered.project, origin)
    return projects.find(id).then((project) => admit(project, origin))
  }
}
