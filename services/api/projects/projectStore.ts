import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import type { Database, SqlValue } from '../db/index.js'
import {
  featuresSchema,
  type NewProject,
  newProjectDefaults,
  noFeatures,
  type ProjectPatch,
  type StoredProject,
  smartAccountNetworksSchema,
} from './project.js'
import { wildcardUnderPublicSuffix } from './publicSuffixWildcard.js'

type ProjectRow = {
  id: string
  name: string
  allowed_origins: string
  basic: number
  features: string
  rate_limit_per_minute: number
  smart_account_networks: string
  created_at: number
  updated_at: number
}

const columns =
  'id, name, allowed_origins, basic, features, rate_limit_per_minute, smart_account_networks, created_at, updated_at'
const originsJson = z.array(z.string())

export class ProjectExistsError extends Error {
  override name = 'ProjectExistsError'
  constructor(readonly id: string) {
    super(`a project with id '${id}' already exists`)
  }
}

export type ProjectStoreOptions = {
  now?: () => number
  /**
   * How long a project read for a request is reused. Edits through this store show at once; edits by
   * another process (the `pairwise project` CLI) within this time. Default 1 s.
   */
  cacheMs?: number
  /** Projects remembered at most; beyond, the memory starts afresh. Default 10,000. */
  maxCached?: number
}

/**
 * Ids found to name no project remembered at most; beyond, their memory starts afresh. Apart from the
 * projects', so that a client cycling random ids never costs a real project a re-read.
 */
const MAX_UNKNOWN_CACHED = 1_000

/** The projects table: create, list, read and change projects; reads for requests go through a short cache. */
export class ProjectStore {
  readonly #db: Pick<Database, 'get' | 'all' | 'run' | 'transaction'>
  readonly #now: () => number
  readonly #cacheMs: number
  readonly #maxCached: number
  readonly #cache = new Map<string, { project: StoredProject; until: number }>()
  /** Until when each unknown id is known not to exist. */
  readonly #unknown = new Map<string, number>()

  constructor(db: Pick<Database, 'get' | 'all' | 'run' | 'transaction'>, options: ProjectStoreOptions = {}) {
    this.#db = db
    this.#now = options.now ?? Date.now
    this.#cacheMs = options.cacheMs ?? 1000
    this.#maxCached = options.maxCached ?? 10_000
  }

  async get(id: string): Promise<StoredProject | undefined> {
    const row = await this.#db.get<ProjectRow>(`SELECT ${columns} FROM projects WHERE id = ?`, [id])
    return row && fromRow(row)
  }

  /** Like `get`, answered from memory when read less than `cacheMs` ago. */
  async find(id: string): Promise<StoredProject | undefined> {
    const remembered = this.remembered(id)
    if (remembered) return remembered.project
    const now = this.#now()
    const project = await this.get(id)
    if (project) remember(this.#cache, this.#maxCached, id, { project, until: now + this.#cacheMs })
    else remember(this.#unknown, MAX_UNKNOWN_CACHED, id, now + this.#cacheMs)
    return project
  }

  /**
   * What `find` would answer from memory without waiting (`project` undefined: known not to exist), or
   * undefined when it would read the table: the hot routes skip a promise per request with it.
   */
  remembered(id: string): { project: StoredProject | undefined } | undefined {
    const now = this.#now()
    const cached = this.#cache.get(id)
    if (cached && cached.until > now) return cached
    const unknownUntil = this.#unknown.get(id)
    return unknownUntil !== undefined && unknownUntil > now ? { project: undefined } : undefined
  }

  async list(): Promise<StoredProject[]> {
    const rows = await this.#db.all<ProjectRow>(`SELECT ${columns} FROM projects ORDER BY id`)
    return rows.map(fromRow)
  }

  /** Adds a project; throws ProjectExistsError when the id is taken. */
  async create(input: NewProject): Promise<StoredProject> {
    const now = this.#now()
    const project: StoredProject = {
      id: input.id ?? randomBytes(16).toString('hex'),
      name: input.name,
      allowedOrigins: [...(input.allowedOrigins ?? newProjectDefaults.allowedOrigins)],
      basic: input.basic ?? newProjectDefaults.basic,
      features: { ...newProjectDefaults.features, ...input.features },
      rateLimitPerMinute: input.rateLimitPerMinute ?? newProjectDefaults.rateLimitPerMinute,
      smartAccountNetworks: [...(input.smartAccountNetworks ?? newProjectDefaults.smartAccountNetworks)],
      createdAt: now,
      updatedAt: now,
    }
    const inserted = await this.#db.run(
      `INSERT INTO projects (${columns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
      toRow(project),
    )
    if (inserted === 0) throw new ProjectExistsError(project.id)
    this.#unknown.delete(project.id)
    return project
  }

  /**
   * Applies `patch` (features merged into the current ones); undefined when there is no such project. The
   * merge reads the row inside the write's transaction, locked (FOR UPDATE on PostgreSQL; SQLite's BEGIN
   * IMMEDIATE holds the write lock), so a concurrent patch of another field waits and merges into this
   * one's result rather than writing back the row as it was before.
   */
  async update(id: string, patch: ProjectPatch): Promise<StoredProject | undefined> {
    const next = await this.#db.transaction(async (tx) => {
      const lock = tx.kind === 'postgres' ? ' FOR UPDATE' : ''
      const row = await tx.get<ProjectRow>(`SELECT ${columns} FROM projects WHERE id = ?${lock}`, [id])
      if (!row) return undefined
      const patched = applyPatch(fromRow(row), patch, this.#now())
      const [, ...values] = toRow(patched)
      await tx.run(
        'UPDATE projects SET name = ?, allowed_origins = ?, basic = ?, features = ?, rate_limit_per_minute = ?, smart_account_networks = ?, created_at = ?, updated_at = ? WHERE id = ?',
        [...values, id],
      )
      return patched
    })
    if (next) this.#cache.delete(id)
    return next
  }
}

function applyPatch(current: StoredProject, patch: ProjectPatch, now: number): StoredProject {
  return {
    ...current,
    ...(patch.name === undefined ? {} : { name: patch.name }),
    ...(patch.allowedOrigins === undefined ? {} : { allowedOrigins: patch.allowedOrigins }),
    ...(patch.basic === undefined ? {} : { basic: patch.basic }),
    ...(patch.rateLimitPerMinute === undefined ? {} : { rateLimitPerMinute: patch.rateLimitPerMinute }),
    ...(patch.smartAccountNetworks === undefined ? {} : { smartAccountNetworks: patch.smartAccountNetworks }),
    features: { ...current.features, ...patch.features },
    updatedAt: now,
  }
}

function remember<T>(memory: Map<string, T>, max: number, id: string, value: T): void {
  if (memory.size >= max) memory.clear()
  memory.set(id, value)
}

function toRow(project: StoredProject): SqlValue[] {
  return [
    project.id,
    project.name,
    JSON.stringify(project.allowedOrigins),
    project.basic ? 1 : 0,
    JSON.stringify(project.features),
    project.rateLimitPerMinute,
    JSON.stringify(project.smartAccountNetworks),
    project.createdAt,
    project.updatedAt,
  ]
}

function fromRow(row: ProjectRow): StoredProject {
  return {
    id: row.id,
    name: row.name,
    // Rows written before such wildcards were refused (the old default list held `*.vercel.app`) must not
    // go on admitting strangers' sites: every reader (guard, CORS, frame, SIWX) gets the list without them.
    allowedOrigins: originsJson
      .parse(JSON.parse(row.allowed_origins))
      .filter((pattern) => !wildcardUnderPublicSuffix(pattern)),
    basic: Number(row.basic) === 1,
    // A flag added in a later version is off in rows written before it, until the operator turns it on.
    features: featuresSchema.parse({ ...noFeatures, ...JSON.parse(row.features) }),
    rateLimitPerMinute: Number(row.rate_limit_per_minute),
    smartAccountNetworks: smartAccountNetworksSchema.parse(JSON.parse(row.smart_account_networks)),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  }
}
