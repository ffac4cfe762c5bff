import { clientKey } from '../../kit/index.js'
import type { WindowCounter } from '../../sharedState/index.js'
import { rateLimited } from '../http/apiError.js'
import { projectIdSchema, type StoredProject } from './project.js'
import type { ProjectStore } from './projectStore.js'

/**
 * Database reads of ids that turn out to name no project, per client per minute. Well above what a page
 * mistyping its id makes (one read per second at most, the store's cache time), and far below what it
 * takes to load the database.
 */
export const UNKNOWN_PROJECT_LOOKUPS_PER_MINUTE = 60

/** The longest id a request may name: a longer one is refused before the store's cache is even asked. */
export const MAX_PROJECT_ID_LENGTH = 128

/**
 * How the api's project guard and CORS, and the auth service's routes, look up the project a client's
 * request names. A project the store remembers costs nothing; any other lookup reads the database, so the
 * client (IPv6 by its /64) spends one of its budget of lookups first, and gets it back when the id names a
 * project: only ids that name none cost it, and once they have spent it, its lookups of ids the store does
 * not remember are refused (429) without a read. Project ids are public, so the budget is the client's own:
 * a stranger cycling random ids spends no one's but its own.
 */
export class ProjectLookup {
  constructor(
    private readonly projects: Pick<ProjectStore, 'find' | 'remembered'>,
    /** Counts in windows of a minute. */
    private readonly lookups: WindowCounter,
    /** What a client past its budget is answered, in the service's own words: the api's 429 by default. */
    private readonly refusal: (retryAfterSeconds: number) => Error = rateLimited,
  ) {}

  /** The store's answer from memory, without a promise (see ProjectStore.remembered). */
  remembered(id: string): { project: StoredProject | undefined } | undefined {
    return this.projects.remembered(id)
  }

  /** The project `id` names, undefined for none; throws the refusal once `client` spent its budget. */
  async lookUp(id: string, client: string): Promise<StoredProject | undefined> {
    const remembered = this.projects.remembered(id)
    if (remembered) return remembered.project
    // An id no project can have names none, without a read: PostgreSQL even fails a lookup of U+0000.
    if (!projectIdSchema.safeParse(id).success) return undefined
    const key = clientKey(client)
    if (!(await this.lookups.take(key, UNKNOWN_PROJECT_LOOKUPS_PER_MINUTE)))
      throw this.refusal(this.lookups.retryAfterSeconds())
    const project = await this.projects.find(id)
    if (project) await this.lookups.refund(key)
    return project
  }
}
