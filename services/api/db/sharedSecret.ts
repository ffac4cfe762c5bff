import { randomBytes } from 'node:crypto'
import type { Database } from './database.js'

const tableName = /^[a-z_]+$/

/**
 * The secret `name` in `table` (`name TEXT PRIMARY KEY, secret TEXT NOT NULL`): the first process to ask
 * makes it, 32 random bytes, and every other api process on the database reads the same one, so what one
 * signs another accepts behind a load balancer.
 */
export async function sharedSecret(db: Database, table: string, name: string): Promise<Uint8Array> {
  if (!tableName.test(table)) throw new Error(`'${table}' is not a table name`)
  await db.run(`INSERT INTO ${table} (name, secret) VALUES (?, ?) ON CONFLICT (name) DO NOTHING`, [
    name,
    randomBytes(32).toString('hex'),
  ])
  const row = await db.get<{ secret: string }>(`SELECT secret FROM ${table} WHERE name = ?`, [name])
  if (!row) throw new Error(`the secret '${name}' in ${table} is missing right after it was written`)
  return Buffer.from(row.secret, 'hex')
}
