import { andThen, type Eventually } from '@pairwise/common'
import type { WindowCounter } from '../../sharedState/index.js'
import { ApiError, invalidKey, originNotAllowed, rateLimited } from '../http/apiError.js'
import type { Project, ProjectGuard } from '../http/types.js'
import { clientBudgetKey, perClientLimit } from './clientBudget.js'
import { originAllowed } from './originMatcher.js'
import type { StoredProject } from './project.js'
import { MAX_PROJECT_ID_LENGTH, type ProjectLookup } from './projectLookup.js'

/**
 * The guard every project route starts with: the `projectId` query names a known project (else 401
 * 'Unauthorized: invalid key'), the Origin header, when sent, is one the project allows (else 403
 * 'Unauthorized: origin not allowed'), and both the client (`request.client()`) and the project are under
 * their requests per minute (else 429). Project ids are public, so the client's own budget (a fifth of the
 * project's, ./clientBudget.ts) comes first: one client's flood is refused before it spends the project's
 * ceiling, which is left to protect the upstream. A project the store read within its cache time (a second
 * by default) is checked at once, without a promise, when the counters are this process's own; any other id
 * is looked up within the client's budget of lookups (./projectLookup.ts, else 429).
 */
export function projectGuard(
  projects: Pick<ProjectLookup, 'lookUp' | 'remembered'>,
  limiters: { project: WindowCounter; client: WindowCounter },
): ProjectGuard {
  const admit = (
    project: StoredProject | undefined,
    origin: string | undefined,
    client: string,
  ): Eventually<Project> => {
    if (!project) throw invalidKey()
    if (origin !== undefined && !originAllowed(origin, project.allowedOrigins)) throw originNotAllowed()
    const { id, name, allowedOrigins, basic, features, rateLimitPerMinute } = project
    const admitted = { id, name, allowedOrigins, basic, features }
    const underProject = (taken: boolean) => {
      if (!taken) throw rateLimited(limiters.project.retryAfterSeconds())
      return admitted
    }
    const underClient = (taken: boolean) => {
      if (!taken) throw rateLimited(limiters.client.retryAfterSeconds())
      return andThen(limiters.project.take(id, rateLimitPerMinute), underProject)
    }
    return andThen(
      limiters.client.take(clientBudgetKey(id, client), perClientLimit(rateLimitPerMinute)),
      underClient,
    )
  }
  return (request) => {
    const id = request.query('projectId')
    if (id === undefined || id === '') throw new ApiError(400, 'INVALID_REQUEST', 'projectId: Required')
    if (id.length > MAX_PROJECT_ID_LENGTH) throw invalidKey()
    const origin = request.header('origin')
    const client = request.client()
    const remembered = projects.remembered(id)
    if (remembered) return admit(remembered.project, origin, client)
    return projects.lookUp(id, client).then((project) => admit(project, origin, client))
  }
}
