import { type Database, migrate } from '../../../services/api/db/index.js'
import { projectMigrations } from '../../../services/api/projects/index.js'
import { authMigrations } from '../../../services/auth/migrations.js'

/** `db` (fresh) with the auth tables, for an auth store tested on its own. */
export async function authDatabase(db: Database): Promise<Database> {
  await migrate(db, [projectMigrations, authMigrations])
  return db
}
