import type { Database } from './database.js'

/** `postgres://…` / `postgresql://…` opens PostgreSQL; anything else is a SQLite file path. Each driver loads only when used. */
export async function openDatabase(location: string): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(location)) {
    const { openPostgresDatabase } = await import('./postgresDatabase.js')
    return openPostgresDatabase(location)
  }
  const { openSqliteDatabase } = await import('./sqliteDatabase.js')
  return openSqliteDatabase(location)
}
