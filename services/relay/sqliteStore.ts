import {
  MAX_DELIVERY_RECORDS_PER_MESSAGE,
  type MailboxCaps,
  type MailboxStore,
  MESSAGE_OVERHEAD_BYTES,
  mailboxBytes,
  type PutOutcome,
  type StoredMessage,
  StoredMessageSchema,
} from '@pairwise/relay/core'
import type Libsql from 'libsql'
import * as z from 'zod/mini'
import { MailboxTally } from './mailboxTally.js'
import { privateSqliteFile } from './privateFiles.js'
import { WalCheckpointer } from './sqliteCheckpointer.js'
import { GroupCommit } from './sqliteGroupCommit.js'
import { type HeldLock, takeSqliteLock } from './sqliteLock.js'
import { schemaSteps } from './sqliteSchema.js'

// How often the checkpoint worker folds the write-ahead log into the file (see WalCheckpointer): the
// fsyncs of a fold happen off the relay's thread, so a short interval costs the relay nothing, and a
// short log keeps the worker's passes short.
const CHECKPOINT_INTERVAL_MS = 200
// A fold leaves the write-ahead log at its largest size; past this much it is cut back.
const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024
// Frames (4 KB pages) past which the relay holds its next commit until the log is all folded in, so that
// the log starts again from its beginning even under a stream of publishes that never pauses. That hold
// lasts one short fold (two fsyncs), so it should come seldom: at the size the log is cut back to.
const WAL_MAX_FRAMES = WAL_SIZE_LIMIT_BYTES / 4096
// The longest that hold lasts: a fold of what came since the last pass takes 15-30 ms on a plain disk;
// on a disk so slow that it takes longer, the commit goes on and the log grows by another limit first.
const WAL_MAX_HOLD_MS = 100
// How long a commit waits for the checkpoint worker's short locks before failing.
const BUSY_TIMEOUT_MS = 1000
// What a row weighs against the byte cap, as the core's `mailboxBytes` counts it: envelope, attestation
// and the fixed cost of holding a message.
const STORED_BYTES = `length(message) + coalesce(length(attestation), 0) + ${MESSAGE_OVERHEAD_BYTES}`
// What a row weighs in a frame, as the core's `textBytes` counts it: in bytes, which for the ASCII the
// publishing calls take are its characters.
const TEXT_BYTES = '(octet_length(m.message) + coalesce(octet_length(m.attestation), 0))'

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
const ValueSchema = z.object({ value: z.number() })
const TopicTallySchema = z.object({ topic: z.string(), messages: z.number(), bytes: z.number() })
const EvictableSchema = z.object({ seq: z.number(), bytes: z.number() })
type Evictable = z.infer<typeof EvictableSchema>
// What a put within the topic cap evicts, shared so that the common case allocates nothing.
const NOTHING_TO_EVICT: readonly Evictable[] = []

type Statements = {
  exists: Libsql.Statement
  unexpiredInTopic: Libsql.Statement
  expiredBytes: Libsql.Statement
  insert: Libsql.Statement
  deliveredInTopic: Libsql.Statement
  evict: Libsql.Statement
  undelivered: Libsql.Statement
  makeRoomToDeliver: Libsql.Statement
  deliver: Libsql.Statement
  purge: Libsql.Statement
  totalChanges: Libsql.Statement
}

/**
 * How hard a commit is pushed to disk before the publish is acknowledged. `normal`: an acked message
 * survives the relay being killed, since the OS holds the write. `full`: it also survives a power cut,
 * at an fsync per commit that blocks the relay.
 */
export type SqliteSync = 'normal' | 'full'

/** Opening failed because another process (another relay) has the file. */
export class SqliteFileInUseError extends Error {
  readonly code = 'SQLITE_FILE_IN_USE'
  constructor(file: string) {
    super(`${file} is in use by another process (another relay?): one mailbox file serves one relay`)
    this.name = 'SqliteFileInUseError'
  }
}

/**
 * Mailboxes in one SQLite file (libsql's native SQLite); every publish is committed before it is
 * acknowledged, calls of one turn sharing the commit (see GroupCommit).
 *
 * One relay at a time has the file: it holds an exclusive lock on `<file>.lock` from opening to closing,
 * so a second relay on the same file fails to open instead of writing beside this one, and since the lock
 * is the kernel's, a killed relay leaves none behind. Write-ahead log: a commit appends to `<file>-wal`
 * (its index in `<file>-shm`), and a worker thread folds it into the file (WalCheckpointer), so the fsyncs
 * of a fold hold no publish (but for one short fold per 64 MB of log); a relay killed in between leaves
 * the log, and the next open replays it.
 */
export class SqliteMailboxStore implements MailboxStore {
  private readonly statements: Statements
  private readonly commits: GroupCommit
  private readonly tally = new MailboxTally()

  private constructor(
    private readonly db: Libsql.Database,
    private readonly checkpointer: WalCheckpointer,
    private readonly lock: HeldLock,
  ) {
    const prepare = (sql: string) => db.prepare(sql)
    this.statements = {
      // A copy past its expiry, not purged yet, is no copy: the envelope published again is stored anew.
      exists: prepare(`SELECT 1 AS found FROM messages WHERE ${keyMatch('id', '?1')} AND expires_at > ?2`),
      unexpiredInTopic: prepare(
        `SELECT count(*) AS value FROM messages WHERE ${keyMatch('topic', '?1')} AND expires_at > ?2`,
      ),
      expiredBytes: prepare(
        `SELECT coalesce(sum(${STORED_BYTES}), 0) AS value FROM messages WHERE expires_at <= ?`,
      ),
      // The size is counted as the purge and the count at opening count it, SQLite's length() (characters),
      // not JavaScript's (UTF-16 units): else each message outside the BMP would leave bytes counted for good.
      insert: prepare(
        `INSERT INTO messages
           (id, topic, message, tag, prompt, attestation, published_at, expires_at, publisher_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         RETURNING ${STORED_BYTES} AS value`,
      ),
      // Deliveries are only ever recorded for clients other than the publisher (see MailboxCaps).
      deliveredInTopic: prepare(
        `SELECT seq, ${STORED_BYTES} AS bytes FROM messages m
          WHERE ${keyMatch('m.topic', '?1')} AND m.expires_at > ?2
            AND EXISTS (SELECT 1 FROM deliveries d WHERE d.message_seq = m.seq)
          ORDER BY m.seq
          LIMIT ?3`,
      ),
      // Its deliveries go with it (ON DELETE CASCADE).
      evict: prepare('DELETE FROM messages WHERE seq = ?'),
      // The page's rows are chosen by their sizes alone, which octet_length takes from the record header
      // without loading the text (length() would load it); only the rows chosen are then read whole.
      undelivered: prepare(
        `WITH page AS (
           SELECT m.seq, sum(${TEXT_BYTES}) OVER (ORDER BY m.seq ROWS UNBOUNDED PRECEDING) - ${TEXT_BYTES} AS before
             FROM messages m
            WHERE ${keyMatch('m.topic', '?1')} AND m.expires_at > ?2 AND m.publisher_id <> ?3
              AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.message_seq = m.seq AND d.client_id = ?3)
            ORDER BY m.seq
            LIMIT ?4
         )
         SELECT id, topic, message, tag, prompt, attestation, published_at, expires_at, publisher_id
           FROM page JOIN messages m ON m.seq = page.seq
          WHERE page.before = 0 OR page.before <= ?5
          ORDER BY m.seq`,
      ),
      // A client new to the newest copy of message ?2 once it has MAX_DELIVERY_RECORDS_PER_MESSAGE: one of
      // the others, taken at random as Redis does, gives way, run before `deliver` (counted through the
      // primary key; the subquery is not correlated, so it is taken once).
      makeRoomToDeliver: prepare(
        `WITH m AS (SELECT seq FROM messages WHERE ${keyMatch('id', '?2')} ORDER BY seq DESC LIMIT 1)
         DELETE FROM deliveries
          WHERE message_seq = (SELECT seq FROM m)
            AND client_id = (SELECT d.client_id FROM deliveries d, m WHERE d.message_seq = m.seq ORDER BY random() LIMIT 1)
            AND (SELECT count(*) FROM deliveries d, m WHERE d.message_seq = m.seq) >= ${MAX_DELIVERY_RECORDS_PER_MESSAGE}
            AND NOT EXISTS (SELECT 1 FROM deliveries d, m WHERE d.message_seq = m.seq AND d.client_id = ?1)`,
      ),
      // Through a SELECT so that an ack for a message purged meanwhile inserts nothing instead of
      // violating the foreign key; for the newest copy only, as an expired one published again may remain.
      deliver: prepare(
        `INSERT OR IGNORE INTO deliveries (message_seq, client_id)
         SELECT seq, ?1 FROM messages WHERE ${keyMatch('id', '?2')} ORDER BY seq DESC LIMIT 1`,
      ),
      purge: prepare(
        `DELETE FROM messages WHERE expires_at <= ? RETURNING topic, 1 AS messages, ${STORED_BYTES} AS bytes`,
      ),
      totalChanges: prepare('SELECT total_changes() AS value'),
    }
    const { totalChanges } = this.statements
    this.commits = new GroupCommit(
      {
        exec: (sql) => db.exec(sql),
        get inTransaction() {
          return db.inTransaction
        },
        totalChanges: () => numberOf(totalChanges.get()),
      },
      () => checkpointer.caughtUp(),
    )
    const counted = db.prepare(
      `SELECT topic, count(*) AS messages, sum(${STORED_BYTES}) AS bytes FROM messages GROUP BY topic`,
    )
    for (const row of counted.all([])) {
      const { topic, messages, bytes } = TopicTallySchema.parse(row)
      this.tally.add(topic, messages, bytes)
    }
  }

  /**
   * Opens (creating if needed) the mailbox file, replaying what a killed relay left in its log, and
   * takes its lock; fails with SqliteFileInUseError while another process has it.
   */
  static async open(file: string, sync: SqliteSync = 'normal'): Promise<SqliteMailboxStore> {
    const { default: Database } = await import('libsql')
    const lock = await takeSqliteLock(`${file}.lock`)
    if (!lock) throw new SqliteFileInUseError(file)
    privateSqliteFile(file)
    let db: Libsql.Database | undefined
    try {
      db = new Database(file)
      // A relay of before the lock file had the file itself in exclusive mode: busy at once.
      db.exec('PRAGMA busy_timeout = 0')
      enterWal(db, file)
      const synchronous = sync === 'full' ? 'FULL' : 'NORMAL'
      db.exec(`PRAGMA synchronous = ${synchronous}`)
      // The worker folds the log; SQLite's own fold would run inside a commit, on the relay's thread.
      db.exec('PRAGMA wal_autocheckpoint = 0')
      db.exec(`PRAGMA journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`)
      // Off while migrating (libsql turns them on by default): rebuilding a table must not cascade into
      // the rows that refer to it.
      db.exec('PRAGMA foreign_keys = OFF')
      migrate(db, file)
      db.exec('PRAGMA foreign_keys = ON')
      db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`)
      const checkpointer = WalCheckpointer.start(file, synchronous, {
        maxLogFrames: WAL_MAX_FRAMES,
        maxHoldMs: WAL_MAX_HOLD_MS,
        intervalMs: CHECKPOINT_INTERVAL_MS,
      })
      return new SqliteMailboxStore(db, checkpointer, lock)
    } catch (error) {
      db?.close()
      lock.release()
      if (error instanceof Error && 'code' in error && error.code === 'SQLITE_BUSY')
        throw new SqliteFileInUseError(file)
      throw error
    }
  }

  /**
   * Caps are checked against the tally; only a put that would pass a cap counts what has expired
   * meanwhile (through an index), since expired messages do not count. A retry of a stored message is
   * a duplicate, never a refusal. A full topic makes room by evicting delivered messages, in the same
   * savepoint as the insert, so that a failed insert leaves them stored.
   */
  put(message: StoredMessage, caps: MailboxCaps, addressFull = false): Promise<PutOutcome> {
    const { topic } = message
    let bytes = 0
    let evicted = NOTHING_TO_EVICT
    return this.transaction(
      (): PutOutcome => {
        if (this.statements.exists.get([message.id, message.publishedAt]) !== undefined) return 'duplicate'
        if (addressFull) return 'addressFull'
        const evictable = this.toEvict(message, caps)
        if (evictable === 'topicFull') return evictable
        const freed = sumBytes(evictable)
        if (this.storeFull(message, caps, freed)) return 'storeFull'
        bytes = evictable.length === 0 ? this.insert(message) : this.evictAndInsert(evictable, message)
        evicted = evictable
        this.tally.add(topic, 1 - evicted.length, bytes - freed)
        return 'stored'
      },
      (outcome) => {
        if (outcome === 'stored') this.tally.add(topic, evicted.length - 1, sumBytes(evicted) - bytes)
      },
    )
  }

  /** Inserts `message`; returns its size as SQLite counts it. */
  private insert(message: StoredMessage): number {
    return plainNumberOf(
      this.statements.insert.get([
        message.id,
        message.topic,
        message.message,
        message.tag,
        message.prompt ? 1 : 0,
        message.attestation ?? null,
        message.publishedAt,
        message.expiresAt,
        message.publisherId,
      ]),
    )
  }

  /** Two writes, where GroupCommit wants one per call: a savepoint makes them one or none. */
  private evictAndInsert(evictable: readonly Evictable[], message: StoredMessage): number {
    const { db } = this
    db.exec('SAVEPOINT evict')
    try {
      for (const { seq } of evictable) this.statements.evict.run([seq])
      const bytes = this.insert(message)
      db.exec('RELEASE evict')
      return bytes
    } catch (error) {
      // Unless SQLite gave the whole transaction up, which undid the savepoint with it.
      if (db.inTransaction) db.exec('ROLLBACK TO evict; RELEASE evict')
      throw error
    }
  }

  /**
   * What a put on a full topic must evict to stay within its cap: its oldest delivered messages, or
   * 'topicFull' when it has too few.
   */
  private toEvict(message: StoredMessage, caps: MailboxCaps): readonly Evictable[] | 'topicFull' {
    const { statements, tally } = this
    const { topic, publishedAt: now } = message
    if (tally.topicMessages(topic) < caps.maxMessagesPerTopic) return NOTHING_TO_EVICT
    const over = numberOf(statements.unexpiredInTopic.get([topic, now])) - caps.maxMessagesPerTopic + 1
    if (over <= 0) return NOTHING_TO_EVICT
    const evictable = statements.deliveredInTopic
      .all([topic, now, over])
      .map((row) => EvictableSchema.parse(row))
    return evictable.length < over ? 'topicFull' : evictable
  }

  private storeFull(message: StoredMessage, caps: MailboxCaps, freed: number): boolean {
    const bytes = this.tally.bytes - freed + mailboxBytes(message)
    return (
      bytes > caps.maxTotalBytes &&
      bytes - numberOf(this.statements.expiredBytes.get([message.publishedAt])) > caps.maxTotalBytes
    )
  }

  undelivered(topic: string, clientId: string, now: number, limit: number, maxBytes: number) {
    return this.transaction(() =>
      this.statements.undelivered
        .all([topic, now, clientId, limit, maxBytes])
        .map((row) => fromRow(RowSchema.parse(row))),
    )
  }

  markDelivered(id: string, clientId: string): Promise<boolean> {
    return this.transaction(() => {
      this.statements.makeRoomToDeliver.run([clientId, id])
      return this.statements.deliver.run([clientId, id]).changes === 1
    })
  }

  purgeExpired(now: number): Promise<number> {
    const count = (rows: z.infer<typeof TopicTallySchema>[], sign: 1 | -1) => {
      for (const { topic, messages, bytes } of rows) this.tally.add(topic, sign * messages, sign * bytes)
    }
    return this.transaction(
      () => {
        const rows = this.statements.purge.all([now]).map((row) => TopicTallySchema.parse(row))
        count(rows, -1)
        return rows
      },
      (rows) => count(rows, 1),
    ).then((rows) => rows.length)
  }

  size(): Promise<number> {
    return this.transaction(() => this.tally.messages)
  }

  /**
   * Why the last write failed (a full disk, say), until a write succeeds again; or why the log is no
   * longer folded into the file.
   */
  writeError(): string | undefined {
    const checkpoint = this.checkpointer.error()
    return this.commits.writeError() ?? (checkpoint === undefined ? undefined : `checkpoint: ${checkpoint}`)
  }

  /** Commits what is queued, folds the log into the file and releases the lock. */
  async close(): Promise<void> {
    await this.commits.settled()
    if (!this.db.open) return
    await this.checkpointer.close()
    try {
      // libsql 0.5 keeps the connection until its prepared statements are garbage collected
      // (libsql-js#228): leaving the log folds it in and removes it now, for a relay restarted in this
      // process. If that fails (a full disk), the log keeps every commit and the next open replays it.
      this.db.exec('PRAGMA journal_mode = DELETE; SELECT 1 FROM messages LIMIT 1')
    } catch {
      // As said: nothing committed is lost.
    } finally {
      this.db.close()
      this.lock.release()
    }
  }

  private transaction<T>(run: () => T, undo?: (value: T) => void): Promise<T> {
    if (!this.db.open) return Promise.reject(new Error('the SQLite mailbox is closed'))
    return this.commits.run(run, undo)
  }
}

/** Switches to the write-ahead log; the first statement that takes the file's lock. */
function enterWal(db: Libsql.Database, file: string): void {
  const mode = z.object({ journal_mode: z.string() }).parse(db.prepare('PRAGMA journal_mode = WAL').get())
  if (mode.journal_mode !== 'wal')
    throw new Error(`${file}: SQLite refused the write-ahead log (journal mode ${mode.journal_mode})`)
}

/** Brings the file to the current schema, all steps or none; a file from a newer relay is refused. */
function migrate(db: Libsql.Database, file: string): void {
  db.exec('BEGIN IMMEDIATE')
  try {
    const { user_version: version } = z
      .object({ user_version: z.number() })
      .parse(db.prepare('PRAGMA user_version').get())
    if (version > schemaSteps.length)
      throw new Error(
        `${file} was written by a newer relay (schema ${version}, this relay knows ${schemaSteps.length})`,
      )
    for (const step of schemaSteps.slice(version)) db.exec(step)
    db.exec(`PRAGMA user_version = ${schemaSteps.length}`)
    db.exec('COMMIT')
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK')
    throw error
  }
}

/**
 * `column` equals the text in `parameter`, found through the index on its first 8 bytes (see the schema:
 * ids and topics are hex hashes, and the short key keeps the index small); the full text decides.
 */
function keyMatch(column: string, parameter: string): string {
  return `unhex(substr(${column}, 1, 16)) = unhex(substr(${parameter}, 1, 16)) AND ${column} = ${parameter}`
}

function sumBytes(rows: readonly Evictable[]): number {
  let bytes = 0
  for (const row of rows) bytes += row.bytes
  return bytes
}

function numberOf(row: unknown): number {
  return ValueSchema.parse(row).value
}

/** `numberOf` with no schema's copy of the row, for a statement every publish runs. */
function plainNumberOf(row: unknown): number {
  const value = typeof row === 'object' && row !== null && 'value' in row ? row.value : undefined
  if (typeof value !== 'number') throw new TypeError('the statement answered no numeric value')
  return value
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
