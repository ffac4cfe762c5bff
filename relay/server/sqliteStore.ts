import type { Database, Statement } from 'node-sqlite3-wasm'
import * as z from 'zod/mini'
import { type MailboxStore, type StoredMessage, StoredMessageSchema } from './core/index.js'

// Bump with a migration when the tables change; a file from a newer relay is refused, not misread.
const SCHEMA_VERSION = 1

const schema = `
CREATE TABLE IF NOT EXISTS messages (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  topic TEXT NOT NULL,
  message TEXT NOT NULL,
  tag INTEGER NOT NULL,
  prompt INTEGER NOT NULL,
  attestation TEXT,
  published_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  publisher_id TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS messages_by_topic ON messages (topic, seq);
CREATE INDEX IF NOT EXISTS messages_by_expiry ON messages (expires_at);
CREATE TABLE IF NOT EXISTS deliveries (
  message_id TEXT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  client_id TEXT NOT NULL,
  PRIMARY KEY (message_id, client_id)
) WITHOUT ROWID;
`

const RowSchema = z.object({
  id: z.string(),
  topic: z.string(),
  message: z.string(),
  tag: z.number(),
  prompt: z.number(),
  attestation: z.nullable(z.string()),
  published_at: z.number(),
  expires_at: z.number(),
  publisher_id: z.string(),
})

type Statements = {
  insert: Statement
  undelivered: Statement
  deliver: Statement
  purge: Statement
  count: Statement
}

/**
 * How hard a commit is pushed to disk before the publish is acknowledged. `normal`: an acked message
 * survives the relay being killed, since the OS holds the write. `full`: it also survives a power cut,
 * at an fsync per commit that blocks the relay.
 */
export type SqliteSync = 'normal' | 'full'

type Operation = { run: () => unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void }

/**
 * Mailboxes in one SQLite file; every publish is committed before it is acknowledged. SQLite runs as
 * WebAssembly (node-sqlite3-wasm), so installing needs no native build. Its file system has no shared
 * memory, hence a rollback journal rather than WAL.
 *
 * Calls made in the same turn of the event loop share one transaction (group commit): a commit costs
 * the same for one publish as for hundreds, and nothing resolves before the commit that holds it.
 * Calls still run one after another in the order they were made, so each sees what the earlier made.
 */
export class SqliteMailboxStore implements MailboxStore {
  private readonly statements: Statements
  private queued: Operation[] = []
  private committing: Promise<void> | undefined

  private constructor(private readonly db: Database) {
    this.statements = {
      insert: db.prepare(
        `INSERT OR IGNORE INTO messages
           (id, topic, message, tag, prompt, attestation, published_at, expires_at, publisher_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      undelivered: db.prepare(
        `SELECT id, topic, message, tag, prompt, attestation, published_at, expires_at, publisher_id
           FROM messages m
          WHERE m.topic = ? AND m.expires_at > ? AND m.publisher_id <> ?
            AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.message_id = m.id AND d.client_id = ?)
          ORDER BY m.seq
          LIMIT ?`,
      ),
      // Through a SELECT so that an ack for a message purged meanwhile inserts nothing instead of
      // violating the foreign key.
      deliver: db.prepare(
        `INSERT OR IGNORE INTO deliveries (message_id, client_id)
         SELECT id, ? FROM messages WHERE id = ?`,
      ),
      purge: db.prepare('DELETE FROM messages WHERE expires_at <= ?'),
      count: db.prepare('SELECT count(*) AS count FROM messages'),
    }
  }

  /** Opens (creating if needed) the mailbox file. */
  static async open(file: string, sync: SqliteSync = 'normal'): Promise<SqliteMailboxStore> {
    const { default: sqlite } = await import('node-sqlite3-wasm')
    const db = new sqlite.Database(file)
    try {
      db.exec('PRAGMA journal_mode = TRUNCATE')
      db.exec(`PRAGMA synchronous = ${sync === 'full' ? 'FULL' : 'NORMAL'}`)
      db.exec('PRAGMA foreign_keys = ON')
      const version = z.object({ user_version: z.number() }).parse(db.get('PRAGMA user_version')).user_version
      if (version > SCHEMA_VERSION)
        throw new Error(
          `${file} was written by a newer relay (schema ${version}, this relay knows ${SCHEMA_VERSION})`,
        )
      db.exec(schema)
      db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`)
      return new SqliteMailboxStore(db)
    } catch (error) {
      db.close()
      throw error
    }
  }

  put(message: StoredMessage): Promise<boolean> {
    return this.inTransaction(
      () =>
        this.statements.insert.run([
          message.id,
          message.topic,
          message.message,
          message.tag,
          message.prompt ? 1 : 0,
          message.attestation ?? null,
          message.publishedAt,
          message.expiresAt,
          message.publisherId,
        ]).changes === 1,
    )
  }

  undelivered(topic: string, clientId: string, now: number, limit: number): Promise<StoredMessage[]> {
    return this.inTransaction(() =>
      this.statements.undelivered
        .all([topic, now, clientId, clientId, limit])
        .map((row) => fromRow(RowSchema.parse(row))),
    )
  }

  markDelivered(id: string, clientId: string): Promise<boolean> {
    return this.inTransaction(() => this.statements.deliver.run([clientId, id]).changes === 1)
  }

  purgeExpired(now: number): Promise<number> {
    return this.inTransaction(() => this.statements.purge.run([now]).changes)
  }

  size(): Promise<number> {
    return this.inTransaction(() => z.object({ count: z.number() }).parse(this.statements.count.get()).count)
  }

  async close(): Promise<void> {
    while (this.committing) await this.committing
    if (!this.db.isOpen) return
    for (const statement of Object.values(this.statements)) statement.finalize()
    this.db.close()
  }

  /** Runs `run` in the next shared transaction; resolves once that transaction is committed. */
  private inTransaction<T>(run: () => T): Promise<T> {
    if (!this.db.isOpen) return Promise.reject(new Error('the SQLite mailbox is closed'))
    return new Promise<T>((resolve, reject) => {
      this.queued.push({ run, resolve: (value) => resolve(value as T), reject })
      this.committing ??= new Promise<void>((done) => setImmediate(done)).then(() => this.commitQueued())
    })
  }

  /** Never throws: every queued operation is settled, with the error that stopped it if any. */
  private commitQueued(): void {
    const batch = this.queued
    this.queued = []
    this.committing = undefined
    try {
      this.db.exec('BEGIN IMMEDIATE')
    } catch (error) {
      for (const operation of batch) operation.reject(error)
      return
    }
    const done: { operation: Operation; value: unknown }[] = []
    for (const operation of batch) {
      try {
        done.push({ operation, value: operation.run() })
      } catch (error) {
        // SQLite undoes the failed statement alone; the others in the transaction still commit.
        operation.reject(error)
      }
    }
    try {
      this.db.exec('COMMIT')
    } catch (error) {
      for (const { operation } of done) operation.reject(error)
      this.rollBack()
      return
    }
    for (const { operation, value } of done) operation.resolve(value)
  }

  private rollBack(): void {
    try {
      if (this.db.inTransaction) this.db.exec('ROLLBACK')
    } catch {
      // Every call of the batch is already refused with the commit's error; this one adds nothing.
    }
  }
}

function fromRow(row: z.infer<typeof RowSchema>): StoredMessage {
  return StoredMessageSchema.parse({
    id: row.id,
    topic: row.topic,
    message: row.message,
    tag: row.tag,
    prompt: row.prompt === 1,
    ...(row.attestation === null ? {} : { attestation: row.attestation }),
    publishedAt: row.published_at,
    expiresAt: row.expires_at,
    publisherId: row.publisher_id,
  })
}
