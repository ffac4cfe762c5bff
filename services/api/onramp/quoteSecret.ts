import { randomBytes } from 'node:crypto'
import type { Database } from '../db/index.js'

/**
 * The secret quote ids are signed with, kept in the database: the first process to ask makes it, and
 * every other api process on the database reads the same one.
 */
export async function sharedQuoteSecret(db: Database): Promise<Uint8Array> {
  await db.run('INSERT INTO onramp_secrets (name, secret) VALUES (?, ?) ON CONFLICT (name) DO NOTHING', [
    'quote',
    randomBytes(32).toString('hex'),
  ])
  const row = await db.get<{ secret: string }>('SELECT secret FROM onramp_secrets WHERE name = ?', ['quote'])
  if (!row) throw new Error('the onramp quote secret is missing right after it was written')
  return Buffer.from(row.secret, 'hex')
}
