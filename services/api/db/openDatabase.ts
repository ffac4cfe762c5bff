import type { Database } from './database.js'

/** Whether `location` names a PostgreSQL database rather than a SQLite file. */
export const isPostgresUrl = (location: string): boolean => /^postgres(ql)?:\/\//.test(location)

/** `postgres://…` / `postgresql://…` opens PostgreSQL; anything else is a SQLite file path. Each driver loads only when used. */
export async function openDatabase(location: string): Promise<Database> {
  if (isPostgresUrl(location)) {
    const { openPostgresDatabase } = await import('./postgresDatabase.js')
    return openPostgresDatabase(location)
  }
  const { openSqliteDatabase } = await import('./sqliteDatabase.js')
  return openSqliteDatabase(location)
}
