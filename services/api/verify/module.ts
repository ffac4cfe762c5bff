import type { ApiModule } from '../apiModule.js'
import { verifyMigrations } from './migrations.js'
import { verifyRoutes } from './routes.js'

/**
 * Verify: any wallet looks attestations and the public key up; the frame page and its registration are
 * readable by no other origin, as the page carries a one-time challenge.
 */
export const verifyModule: ApiModule = {
  name: 'verify',
  migrations: verifyMigrations,
  cors: { public: ['/attestation/*', '/verify/frame', '/v3/public-key'] },
  start: ({ options }) => ({ routes: [(deps) => verifyRoutes({ ...deps, ...options.verify })] }),
}
