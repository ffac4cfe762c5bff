import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import Database from 'libsql'
import { afterAll, describe, expect, it } from 'vitest'
import { WalCheckpointer } from '../../../services/relay/sqliteCheckpointer.js'
import { GroupCommit } from '../../../services/relay/sqliteGroupCommit.js'

const directory = mkdtempSync(join(tmpdir(), 'pairwise-checkpointer-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

const PAGE_BYTES = 4096

function openWal(file: string): Database.Database {
  const db = new Database(file)
  db.prepare('PRAGMA journal_mode = WAL').get()
  db.exec('PRAGMA wal_autocheckpoint = 0')
  db.exec('PRAGMA busy_timeout = 1000')
  db.exec('CREATE TABLE IF NOT EXISTS entries (value TEXT NOT NULL)')
  return db
}

describe('the write-ahead log folded by a worker thread', () => {
  it('folds the log into the file while commits go on, and holds a commit only to start the log again past its limit', async () => {
    const file = join(directory, 'stream.db')
    const db = openWal(file)
    const maxLogFrames = 200
    // A hold as long as the pass takes, however loaded the machine: this test is about the log starting again.
    const checkpointer = WalCheckpointer.start(file, 'NORMAL', {
      maxLogFrames,
      maxHoldMs: 60_000,
      intervalMs: 10,
    })
    const totalChanges = db.prepare('SELECT total_changes() AS value')
    const commits = new GroupCommit(
      {
        exec: (sql) => db.exec(sql),
        get inTransaction() {
          return db.inTransaction
        },
        totalChanges: () => (totalChanges.get() as { value: number }).value,
      },
      () => checkpointer.caughtUp(),
    )
    const insert = db.prepare('INSERT INTO entries (value) VALUES (?)')
    let largestLog = 0
    const turns = 600
    // A stream that never pauses: a commit every turn, each a few pages, about ten times the limit in all.
    for (let turn = 0; turn < turns; turn++) {
      await commits.run(() => insert.run([`${turn}-${'x'.repeat(3 * PAGE_BYTES)}`]))
      largestLog = Math.max(largestLog, statSync(`${file}-wal`).size)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
    await checkpointer.close()
    expect(checkpointer.error()).toBeUndefined()
    // Folded in by the worker: the file holds the rows without SQLite's own checkpoint.
    expect(statSync(file).size).toBeGreaterThan(turns * 3 * PAGE_BYTES)
    // Started again from its beginning: a few times the limit at most (the log file keeps its high-water mark,
    // which a busy machine's slower passes raise), though the stream wrote some ten times it.
    expect(largestLog).toBeLessThan(8 * maxLogFrames * PAGE_BYTES)
    expect((db.prepare('SELECT count(*) AS value FROM entries').get() as { value: number }).value).toBe(turns)
    db.close()
  })

  it('lets a held commit go after its bound when a pass is slow (a slow disk), and holds the next only after another limit', async () => {
    // A worker whose first pass reports a log past the limit at once, and whose later passes take 30 s.
    const slowWorker = new Worker(
      `const { parentPort } = require('node:worker_threads')
      let passes = 0
      parentPort.on('message', (message) => {
        if (message === 'stop') process.exit(0)
        const report = { log: 1000, checkpointed: 0 }
        if (passes++ === 0) parentPort.postMessage(report)
        else setTimeout(() => parentPort.postMessage(report), 30_000)
      })`,
      { eval: true },
    )
    const checkpointer = WalCheckpointer.over(slowWorker, {
      maxLogFrames: 100,
      maxHoldMs: 100,
      intervalMs: 10,
    })
    let held = checkpointer.caughtUp()
    while (held === undefined) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      held = checkpointer.caughtUp()
    }
    const start = performance.now()
    await held
    const waited = performance.now() - start
    expect(waited).toBeGreaterThanOrEqual(90)
    expect(waited).toBeLessThan(10_000)
    // The log (1000 frames) is under the limit counted from where the hold gave up (1000 + 100).
    expect(checkpointer.caughtUp()).toBeUndefined()
    await checkpointer.close()
    expect(checkpointer.error()).toBeUndefined()
  })

  it('reports a failed pass (a full disk) until a later pass works, and keeps passing meanwhile', async () => {
    // A worker whose passes fail until told the disk has room again.
    const worker = new Worker(
      `const { parentPort } = require('node:worker_threads')
      let full = true
      parentPort.on('message', (message) => {
        if (message === 'stop') process.exit(0)
        if (message === 'room') full = false
        else if (full) parentPort.postMessage({ error: 'disk I/O error' })
        else parentPort.postMessage({ log: 0, checkpointed: 0 })
      })`,
      { eval: true },
    )
    const checkpointer = WalCheckpointer.over(worker, { maxLogFrames: 100, maxHoldMs: 100, intervalMs: 10 })
    await expect.poll(() => checkpointer.error(), { timeout: 10_000 }).toBe('disk I/O error')
    worker.postMessage('room')
    await expect.poll(() => checkpointer.error(), { timeout: 10_000 }).toBeUndefined()
    await checkpointer.close()
    expect(checkpointer.error()).toBeUndefined()
  })

  it('lets the connection go when closed: the file leaves the log at once', async () => {
    const file = join(directory, 'close.db')
    const db = openWal(file)
    const checkpointer = WalCheckpointer.start(file, 'NORMAL', {
      maxLogFrames: 1000,
      maxHoldMs: 100,
      intervalMs: 10,
    })
    db.prepare('INSERT INTO entries (value) VALUES (?)').run(['one'])
    await checkpointer.close()
    // Only this connection is left, so leaving the log (which needs the file to itself) succeeds.
    expect(db.prepare('PRAGMA journal_mode = DELETE').get()).toMatchObject({ journal_mode: 'delete' })
    db.close()
  })
})
