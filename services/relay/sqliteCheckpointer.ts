import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

/** What one checkpoint pass saw: frames in the write-ahead log, and how many of them are in the file. */
export type CheckpointReport = { log: number; checkpointed: number }

export type CheckpointOptions = {
  /** Frames in the log past which the next commit is held until a pass folds them all in. */
  maxLogFrames: number
  /** How long a held commit waits for that pass at most. */
  maxHoldMs: number
  /** How often a pass runs. */
  intervalMs: number
}

// The worker's own connection to the mailbox file; it only ever checkpoints. CommonJS in a string, so
// that it runs the same from the TypeScript source (tests), the built package and a bundle; libsql is
// required from the path this module resolves it to, whatever the working directory.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.libsql)
const db = new Database(workerData.file)
db.exec('PRAGMA busy_timeout = 0')
db.exec('PRAGMA synchronous = ' + workerData.synchronous)
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)')
parentPort.on('message', (message) => {
  if (message === 'stop') {
    db.close()
    parentPort.close()
    return
  }
  try {
    const row = checkpoint.get()
    parentPort.postMessage({ log: row.log, checkpointed: row.checkpointed })
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) })
  }
})
`

/**
 * Folds the write-ahead log into the mailbox file from a worker thread, on a connection of its own.
 * A checkpoint is the step that fsyncs under synchronous NORMAL (the log, then the file): tens of
 * milliseconds on a plain disk, which on the relay's thread held every publish behind it (SQLite's
 * automatic checkpoint runs inside the COMMIT that crosses its threshold). A PASSIVE checkpoint takes no
 * writer's lock, so the relay's commits go on beside it and only append to the log.
 *
 * The log starts again from its beginning only when a write transaction begins after everything in it
 * was folded in; under a steady stream of commits each pass leaves the frames written during it, and the
 * log would grow for as long as the stream lasts. So past `maxLogFrames` the relay holds its next
 * transaction until one pass has folded everything in (`caughtUp`): a short pass, as it copies only what
 * came after the last one. A disk slow enough that the pass outlasts `maxHoldMs` lets the commit go at
 * that bound, and the next hold comes only after another `maxLogFrames`: the log then grows as it would
 * under SQLite's own checkpoint on that disk, but no publish waits on it longer than the bound.
 */
export class WalCheckpointer {
  private running = false
  private again = false
  // Whether the pass running began while a commit was held: no frame came after its start.
  private passHeld = false
  private catchingUp: { promise: Promise<void>; release: () => void } | undefined
  private last: CheckpointReport = { log: 0, checkpointed: 0 }
  // The log's size that holds the next commit; moved up when a held pass could not fold everything (a
  // reader in the way), so that commits are not held one after another.
  private holdAbove: number
  private timer: ReturnType<typeof setInterval>
  // Why the worker is gone: passes stop for good, and SQLite's own checkpoint on close is the fold.
  private stoppedWhy: string | undefined
  // Why the last pass failed (a full disk, say): the next passes still run, and one that works clears it.
  private passError: string | undefined
  private closing = false

  private constructor(
    private readonly worker: Worker,
    private readonly maxLogFrames: number,
    private readonly maxHoldMs: number,
    intervalMs: number,
  ) {
    this.holdAbove = maxLogFrames
    worker.on('message', (report: CheckpointReport | { error: string }) => this.finished(report))
    // An error or exit leaves SQLite's own checkpoint on close as the fold; a catch-up waiting is let go.
    worker.on('error', (error) => this.stopped(String(error)))
    worker.on('exit', () => this.stopped('the checkpoint worker exited'))
    worker.unref()
    this.timer = setInterval(() => this.request(), intervalMs)
    this.timer.unref()
  }

  static start(file: string, synchronous: 'NORMAL' | 'FULL', options: CheckpointOptions): WalCheckpointer {
    const libsql = createRequire(import.meta.url).resolve('libsql')
    return WalCheckpointer.over(
      new Worker(WORKER_SOURCE, { eval: true, workerData: { file, libsql, synchronous } }),
      options,
    )
  }

  /**
   * Drives a worker that answers each `checkpoint` message with a CheckpointReport (or `{ error }`) and
   * exits on `stop`: the one `start` makes, or one a test slows down.
   */
  static over(worker: Worker, { maxLogFrames, intervalMs, maxHoldMs }: CheckpointOptions): WalCheckpointer {
    return new WalCheckpointer(worker, maxLogFrames, maxHoldMs, intervalMs)
  }

  /**
   * Resolves when the relay may begin its next transaction: at once unless the log is past its limit, else
   * after a pass that folds it all in, or `maxHoldMs`, whichever comes first.
   */
  caughtUp(): Promise<void> | undefined {
    if (this.catchingUp) return this.catchingUp.promise
    if (this.error() !== undefined || this.last.log <= this.holdAbove) return undefined
    let resolve = () => {}
    const promise = new Promise<void>((done) => {
      resolve = done
    })
    const timer = setTimeout(() => this.giveUpHold(), this.maxHoldMs)
    this.catchingUp = {
      promise,
      release: () => {
        clearTimeout(timer)
        resolve()
      },
    }
    this.request()
    return promise
  }

  /** Why the log is not being folded into the file: the worker stopped, or its last pass failed. */
  error(): string | undefined {
    return this.stoppedWhy ?? this.passError
  }

  async close(): Promise<void> {
    clearInterval(this.timer)
    if (this.stoppedWhy !== undefined || this.closing) return
    this.closing = true
    const exited = new Promise((resolve) => this.worker.once('exit', resolve))
    this.worker.ref()
    this.worker.postMessage('stop')
    await exited
  }

  private request(): void {
    if (this.stoppedWhy !== undefined) return
    if (this.running) {
      this.again = true
      return
    }
    this.running = true
    this.passHeld = this.catchingUp !== undefined
    // Held while a pass runs: a commit may be waiting on it, and nothing else need keep the process up.
    this.worker.ref()
    this.worker.postMessage('checkpoint')
  }

  private finished(report: CheckpointReport | { error: string }): void {
    this.running = false
    this.worker.unref()
    if ('error' in report) this.passError = report.error
    else {
      this.passError = undefined
      this.last = report
    }
    const waiting = this.catchingUp
    if (waiting && (this.passHeld || 'error' in report)) {
      // Folded in whole, the log starts again at the next commit; if not, the hold is not worth repeating.
      if (!('error' in report) && report.checkpointed >= report.log) {
        this.last = { log: 0, checkpointed: 0 }
        this.holdAbove = this.maxLogFrames
      } else if (!('error' in report)) this.holdAbove = report.log + this.maxLogFrames
      this.catchingUp = undefined
      this.again = false
      waiting.release()
      return
    }
    if (waiting || this.again) {
      // A hold waits for a pass that begins after it, with nothing written meanwhile.
      this.again = false
      this.request()
    }
  }

  /** The pass outlasted the bound: the commit goes on, and the log may grow by another limit first. */
  private giveUpHold(): void {
    const waiting = this.catchingUp
    if (!waiting) return
    this.catchingUp = undefined
    this.holdAbove = this.last.log + this.maxLogFrames
    waiting.release()
  }

  private stopped(why: string): void {
    if (!this.closing) this.stoppedWhy ??= why
    clearInterval(this.timer)
    this.running = false
    const waiting = this.catchingUp
    this.catchingUp = undefined
    waiting?.release()
  }
}
