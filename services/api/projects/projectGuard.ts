import { ApiError, invalidKey, originNotAllowed, rateLimited } from '../http/apiError.js'
import type { Project, ProjectGuard } from '../http/types.js'
import { originAllowed } from './originMatcher.js'
import type { StoredProject } from './project.js'
import type { FixedWindowLimiter } from './rateLimiter.js'

const MAX_PROJECT_ID_LENGTH = 128

/**
 * The guard every project route starts with: the `projectId` query names a known project (else 401
 * 'Unauthorized: invalid key'), the Origin header, when sent, is one the project allows (else 403
 * 'Unauthorized: origin not allowed'), and the project is under its requests per minute (else 429).
 */
export function projectGuard(
  projects: { find(id: string): Promise<StoredProject | undefined> },
  limiter: FixedWindowLimiter,
): ProjectGuard {
  return async (request): Promise<Project> => {
    const id = request.query('projectId')
    if (id === undefined || id === '') throw new ApiError(400, 'INVALID_REQUEST', 'projectId: Required')
    if (id.length > MAX_PROJECT_ID_LENGTH) throw invalidKey()
    const project = await projects.find(id)
    if (!project) throw invalidKey()
    const origin = request.header('origin')
    if (origin !== undefined && !originAllowed(origin, project.allowedOrigins)) throw originNotAllowed()
    if (!limiter.take(project.id, project.rateLimitPerMinute)) throw rateLimited(limiter.retryAfterSeconds())
    const { id: projectId, name, allowedOrigins, basic, features } = project
    return { id: projectId, name, allowedOrigins, basic, features }
  }
}
