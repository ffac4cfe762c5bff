import type { Pool, PoolClient, QueryResultRow } from 'pg'
import type { Database, SqlValue } from './database.js'

type Statements = Omit<Database, 'transaction' | 'close'>

/** `?` placeholders as PostgreSQL's `$1, $2, …`, leaving quoted text and identifiers alone. */
export function numberPlaceholders(sql: string): string {
  let n = 0
  let quote: string | undefined
  let out = ''
  for (const ch of sql) {
    if (quote) {
      if (ch === quote) quote = undefined
    } else if (ch === "'" || ch === '"') quote = ch
    else if (ch === '?') {
      out += `$${++n}`
      continue
    }
    out += ch
  }
  return out
}

// int8 (20), numeric (1700) come back as text by default; counts and block numbers fit a double.
const INT8 = 20

type TypeParsers = { getTypeParser: (oid: number, format?: 'text' | 'binary') => unknown }

function statementsOf(client: Pool | PoolClient, types: TypeParsers): Statements {
  const query = async <Row extends QueryResultRow>(sql: string, params: readonly SqlValue[] = []) =>
    client.query<Row>({ text: numberPlaceholders(sql), values: [...params], types } as never)
  return {
    kind: 'postgres',
    all: async (sql, params) => (await query(sql, params)).rows,
    get: async (sql, params) => (await query(sql, params)).rows[0],
    run: async (sql, params) => (await query(sql, params)).rowCount ?? 0,
  } as Statements
}

/** PostgreSQL through a `pg` pool (at most `maxConnections`, 10 by default). */
export async function openPostgresDatabase(url: string, maxConnections = 10): Promise<Database> {
  const pg = await import('pg')
  const types: TypeParsers = {
    getTypeParser: (oid, format) =>
      oid === INT8 ? (value: string) => Number(value) : pg.default.types.getTypeParser(oid, format ?? 'text'),
  }
  const pool = new pg.default.Pool({ connectionString: url, max: maxConnections })
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined)
  await pool.query('SELECT 1')
  return {
    ...statementsOf(pool, types),
    async transaction(work) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await work(statementsOf(client, types))
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
    poolUse: () => ({
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: maxConnections,
    }),
  }
}
