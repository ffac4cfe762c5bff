import { type ApiApp, createApiApp } from '../../../../services/api/app.js'
import { type Database, migrate } from '../../../../services/api/db/index.js'
import { ProjectStore, projectMigrations } from '../../../../services/api/projects/index.js'
import { type SiwxRouteOptions, siwxMigrations, siwxRoutes } from '../../../../services/api/siwx/index.js'
import { createSiwxVerifier } from '../../../../services/api/siwx/verify/index.js'

/**
 * The api app with only its sign-in routes over `db`: one project `projectId` allowing `origins` (made unless
 * the database has it, as a second api on it would find), sign-in on chains 1 and 31337, signatures checked
 * by the api's own verifier (EOAs offline: no RPC configured).
 */
export async function siwxApiApp(
  db: Database,
  setup: {
    projectId: string
    origins: string[]
    now?: () => number
    routes?: Partial<SiwxRouteOptions>
  },
): Promise<ApiApp> {
  await migrate(db, [projectMigrations, siwxMigrations])
  const projects = new ProjectStore(db)
  if (!(await projects.get(setup.projectId)))
    await projects.create({
      id: setup.projectId,
      name: 'Demo',
      allowedOrigins: setup.origins,
      rateLimitPerMinute: 100_000,
    })
  const verifier = createSiwxVerifier({ rpcUrl: () => undefined })
  return createApiApp({
    db,
    adminToken: 'a'.repeat(64),
    logger: { info() {}, warn() {}, error() {} },
    ...(setup.now ? { now: setup.now } : {}),
    routes: [
      (deps) =>
        siwxRoutes({
          ...deps,
          verify: (input) => verifier.verify(input),
          chains: ['eip155:1', 'eip155:31337'],
          ...setup.routes,
        }),
    ],
  })
}
