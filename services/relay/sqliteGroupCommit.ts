import { describeError } from '@pairwise/relay/core'

/** The part of a SQLite connection a group commit drives. */
export type TransactionalDatabase = {
  exec(sql: string): void
  readonly inTransaction: boolean
  /** Rows inserted, updated or deleted since the connection opened. */
  totalChanges(): number
}

type Operation = {
  run: () => unknown
  undo: ((value: unknown) => void) | undefined
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}
type Ran = { operation: Operation; value: unknown }

/**
 * Calls made in the same turn of the event loop share one transaction: a commit costs the same for one
 * publish as for hundreds, and nothing resolves before the commit that holds it. Calls still run one
 * after another in the order they were made, so each sees what the earlier made.
 *
 * An operation must write with at most one statement: SQLite undoes a failed statement whole, so a
 * failed operation leaves nothing behind while the others of its transaction go on. A failed commit,
 * or an error after which SQLite rolled the whole transaction back (a full disk, an I/O error), rejects
 * every call of that transaction, and only those: the calls queued behind run in a fresh one.
 */
export class GroupCommit {
  private queued: Operation[] = []
  private committing: Promise<void> | undefined
  private failure: string | undefined

  /**
   * `ready` may hold the next transaction back (it answers a promise that resolves when it may begin);
   * calls made meanwhile join that transaction.
   */
  constructor(
    private readonly db: TransactionalDatabase,
    private readonly ready: () => Promise<void> | undefined = () => undefined,
  ) {}

  /**
   * Runs `run` in the next shared transaction; resolves once that transaction is committed. When the
   * transaction is lost after `run` succeeded, `undo` gets its result, so that state kept beside the
   * database (counters) follows the rollback.
   */
  run<T>(run: () => T, undo?: (value: T) => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queued.push({
        run,
        undo: undo as ((value: unknown) => void) | undefined,
        resolve: (value) => resolve(value as T),
        reject,
      })
      this.committing ??= new Promise<void>((done) => setImmediate(done))
        .then(() => this.ready())
        .then(() => this.commitQueued())
    })
  }

  /** Resolves once every call made so far is settled. */
  async settled(): Promise<void> {
    while (this.committing) await this.committing
  }

  /** Why the last transaction failed, until one that changes something commits. */
  writeError(): string | undefined {
    return this.failure
  }

  /** Never throws: every queued operation is settled, with the error that stopped it if any. */
  private commitQueued(): void {
    const batch = this.queued
    this.queued = []
    this.committing = undefined
    let next = 0
    while (next < batch.length) next = this.commitFrom(batch, next)
  }

  /** Runs `batch` from `start` in one transaction; returns where the next transaction starts. */
  private commitFrom(batch: readonly Operation[], start: number): number {
    const changesBefore = this.db.totalChanges()
    try {
      this.db.exec('BEGIN IMMEDIATE')
    } catch (error) {
      this.fail(batch.slice(start), error)
      return batch.length
    }
    const ran: Ran[] = []
    for (let index = start; index < batch.length; index++) {
      const operation = batch[index] as Operation
      try {
        ran.push({ operation, value: operation.run() })
      } catch (error) {
        if (this.db.inTransaction) {
          this.fail([operation], error)
          continue
        }
        // SQLite gave the whole transaction up: the calls that ran before this one lost their writes.
        this.undo(ran)
        this.fail([...ran.map(({ operation: earlier }) => earlier), operation], error)
        return index + 1
      }
    }
    try {
      this.db.exec('COMMIT')
    } catch (error) {
      this.rollBack()
      this.undo(ran)
      this.fail(
        ran.map(({ operation }) => operation),
        error,
      )
      return batch.length
    }
    if (this.db.totalChanges() !== changesBefore) this.failure = undefined
    for (const { operation, value } of ran) operation.resolve(value)
    return batch.length
  }

  /** Latest first, as the writes are undone. */
  private undo(ran: readonly Ran[]): void {
    for (const { operation, value } of [...ran].reverse()) operation.undo?.(value)
  }

  private fail(operations: readonly Operation[], error: unknown): void {
    this.failure = errorText(error)
    for (const operation of operations) operation.reject(error)
  }

  private rollBack(): void {
    try {
      if (this.db.inTransaction) this.db.exec('ROLLBACK')
    } catch {
      // Every call of the transaction is already refused with the commit's error; this one adds nothing.
    }
  }
}

/** The message with SQLite's code in front, e.g. `SQLITE_FULL: database or disk is full`. */
function errorText(error: unknown): string {
  const code =
    error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined
  const message = describeError(error)
  return code === undefined || message.includes(code) ? message : `${code}: ${message}`
}
