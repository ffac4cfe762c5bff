import type { Eventually } from '@pairwise/common'
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
  // Each step goes on at once when its counter answered at once (this process's own counters): a closure
  // for `then` is made only for a promise.
  const underProject = (project: StoredProject, taken: boolean): Project => {
    if (!taken) throw rateLimited(limiters.project.retryAfterSeconds())
    const { id, name, allowedOrigins, basic, features } = project
    return { id, name, allowedOrigins, basic, features }
  }
  const underClient = (project: StoredProject, taken: boolean): Eventually<Project> => {
    if (!taken) throw rateLimited(limiters.client.retryAfterSeconds())
    const took = limiters.project.take(project.id, project.rateLimitPerMinute)
    return took instanceof Promise
      ? took.then((projectTook) => underProject(project, projectTook))
      : underProject(project, took)
  }
  const admit = (
    project: StoredProject | undefined,
    origin: string | undefined,
    client: string,
  ): Eventually<Project> => {
    if (!project) throw invalidKey()
    if (origin !== undefined && !originAllowed(origin, project.allowedOrigins)) throw originNotAllowed()
    const took = limiters.client.take(
      clientBudgetKey(project.id, client),
      perClientLimit(project.rateLimitPerMinute),
    )
    return took instanceof Promise
      ? took.then((clientTook) => underClient(project, clientTook))
      : underClient(project, took)
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
