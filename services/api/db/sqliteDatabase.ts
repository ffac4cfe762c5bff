import { privateSqliteFile } from '../../relay/privateFiles.js'
import type { Database, SqlValue } from './database.js'
import { SerialLock } from './serialLock.js'

type Statements = Omit<Database, 'transaction' | 'close'>

/**
 * The embedded store: one SQLite file (WAL) through libsql's synchronous driver. Statements run one at a
 * time; a transaction holds the connection until it ends, so statements of other requests wait rather
 * than land inside it.
 */
export async function openSqliteDatabase(file: string): Promise<Database> {
  const { default: Sqlite } = await import('libsql')
  privateSqliteFile(file)
  const db = new Sqlite(file)
  db.exec('PRAGMA journal_mode = WAL')
  db.exec('PRAGMA synchronous = NORMAL')
  db.exec('PRAGMA busy_timeout = 5000')
  const lock = new SerialLock()
  // Rows as plain objects of their columns only (libsql's own row objects carry a `_metadata` field).
  const rows = (sql: string, params: readonly SqlValue[]) => {
    const statement = db.prepare(sql)
    const names = statement.columns().map((column) => column.name)
    return (statement.raw(true).all([...params]) as SqlValue[][]).map((values) =>
      Object.fromEntries(names.map((name, i) => [name, values[i] ?? null])),
    )
  }
  const direct: Statements = {
    kind: 'sqlite',
    async all<Row>(sql: string, params: readonly SqlValue[] = []) {
      return rows(sql, params) as Row[]
    },
    async get<Row>(sql: string, params: readonly SqlValue[] = []) {
      return rows(sql, params)[0] as Row | undefined
    },
    async run(sql: string, params: readonly SqlValue[] = []) {
      return db.prepare(sql).run([...params]).changes
    },
  } as Statements
  const locked =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A) =>
      lock.run(() => fn(...args))
  return {
    kind: 'sqlite',
    all: locked(direct.all) as Database['all'],
    get: locked(direct.get) as Database['get'],
    run: locked(direct.run),
    transaction: (work) =>
      lock.run(async () => {
        db.exec('BEGIN IMMEDIATE')
        try {
          const result = await work(direct)
          db.exec('COMMIT')
          return result
        } catch (error) {
          db.exec('ROLLBACK')
          throw error
        }
      }),
    close: () =>
      lock.run(async () => {
        db.close()
      }),
  }
}
