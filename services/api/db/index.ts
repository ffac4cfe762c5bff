export type { Database, PoolUse, SqlValue } from './database.js'
export { type Migrations, migrate } from './migrate.js'
export { isPostgresUrl, openDatabase } from './openDatabase.js'
export { numberPlaceholders } from './postgresDatabase.js'
