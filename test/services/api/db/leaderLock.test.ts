import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Database, openDatabase } from '../../../../services/api/db/index.js'
import { holdLeaderLock, type LeaderLock, leaderLockKeys } from '../../../../services/api/db/leaderLock.js'
import { postgresDatabases } from '../support/databases.js'
import { type Line, memoryLogger } from '../support/memoryLogger.js'
import { silentProxy } from '../support/silentProxy.js'

const newDatabase = postgresDatabases()
// Generous for a loaded 2-core machine; the takeover itself is asserted against 5 s.
const waitLong = { timeout: 15_000, interval: 25 }

/** Sessions of `database` holding the advisory lock `key` now. */
async function lockHolders(admin: Database, key: number): Promise<number[]> {
  const rows = await admin.all<{ pid: number }>(
    "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid = ? AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
    [key],
  )
  return rows.map((row) => row.pid)
}

describe('holdLeaderLock', () => {
  const stops: LeaderLock[] = []
  const opened: Database[] = []
  afterEach(async () => {
    for (const lock of stops.splice(0)) await lock.stop()
    for (const db of opened.splice(0)) await db.close()
  })

  /** Contenders for one lock on one fresh database; `active` names those whose work runs now. */
  async function contenders() {
    const url = await newDatabase()
    const admin = await openDatabase(url)
    opened.push(admin)
    const active = new Set<string>()
    let mostAtOnce = 0
    const lines: Line[] = []
    const contend = (who: string, through = url) => {
      const lock = holdLeaderLock(
        { url: through, name: 'indexer', pollMs: 50, logger: memoryLogger(lines) },
        (signal) =>
          new Promise<void>((resolve) => {
            active.add(who)
            mostAtOnce = Math.max(mostAtOnce, active.size)
            signal.addEventListener('abort', () => {
              active.delete(who)
              resolve()
            })
          }),
      )
      stops.push(lock)
      return lock
    }
    return { url, admin, active, lines, contend, mostAtOnce: () => mostAtOnce }
  }

  it('runs the work in one contender at a time; a stop releases the lock and a standby takes over', async () => {
    const { admin, active, contend, mostAtOnce } = await contenders()
    const a = contend('a')
    await vi.waitFor(() => expect(a.holding()).toBe(true), waitLong)
    const b = contend('b')
    const c = contend('c')
    // Standbys ask every 50 ms: a few of their rounds pass while a holds.
    await vi.waitFor(async () => {
      const standbyQueries = await admin.get<{ count: number }>(
        "SELECT COUNT(*) AS count FROM pg_stat_activity WHERE query LIKE 'SELECT pg_try_advisory_lock%' AND datname = current_database()",
      )
      expect(Number(standbyQueries?.count)).toBeGreaterThanOrEqual(2)
    }, waitLong)
    expect([...active]).toEqual(['a'])

    await a.stop()
    await vi.waitFor(() => expect(active.size).toBe(1), waitLong)
    const next = b.holding() ? b : c
    expect(next.holding()).toBe(true)
    await next.stop()
    await vi.waitFor(() => expect(active.size).toBe(1), waitLong)
    await b.stop()
    await c.stop()
    expect(active.size).toBe(0)
    expect(mostAtOnce()).toBe(1)
    // Every contender stopped: nobody holds the lock any more.
    expect(await lockHolders(admin, leaderLockKeys.indexer)).toEqual([])
  })

  it('a holder whose session dies loses the work at once, and a standby holds within 5 s', async () => {
    const { admin, active, lines, contend } = await contenders()
    const a = contend('a')
    await vi.waitFor(() => expect(a.holding()).toBe(true), waitLong)
    const b = contend('b')
    const [holder] = await lockHolders(admin, leaderLockKeys.indexer)
    const killedAt = Date.now()
    // What a kill -9 of the holder does to its lock: PostgreSQL ends its session.
    await admin.run('SELECT pg_terminate_backend(?)', [holder ?? 0])
    // a's work is told at once; then whichever asks first holds (a asks again once its session is gone).
    await vi.waitFor(
      () =>
        expect(lines).toContainEqual(
          expect.objectContaining({ event: 'leader.released', fields: { lock: 'indexer', lost: true } }),
        ),
      waitLong,
    )
    await vi.waitFor(() => expect(active.size).toBe(1), waitLong)
    expect(Date.now() - killedAt).toBeLessThan(5000)
    expect(a.holding() !== b.holding()).toBe(true)
    const [after] = await lockHolders(admin, leaderLockKeys.indexer)
    expect(after).not.toBe(holder)
  })

  it('a holder whose connection goes silent (nothing sent, nothing closed) loses the lock, and a standby holds within 5 s', async () => {
    const { url, admin, active, contend } = await contenders()
    const proxy = await silentProxy(url)
    try {
      const a = contend('a', proxy.url)
      await vi.waitFor(() => expect(a.holding()).toBe(true), waitLong)
      const b = contend('b')
      const [holder] = await lockHolders(admin, leaderLockKeys.indexer)
      const silencedAt = Date.now()
      proxy.silence()
      // The server cuts the silent session off; b asks every 50 ms.
      await vi.waitFor(() => expect(b.holding()).toBe(true), waitLong)
      expect(Date.now() - silencedAt).toBeLessThan(5000)
      expect(await lockHolders(admin, leaderLockKeys.indexer)).not.toContain(holder)
      // a hears nothing back to its next check, and gives the work up.
      await vi.waitFor(() => expect([...active]).toEqual(['b']), waitLong)
    } finally {
      await proxy.close()
    }
  })

  it('a contender whose server takes the connection and never answers gives the attempt up, so stop() returns', async () => {
    const { url, contend } = await contenders()
    const proxy = await silentProxy(url)
    try {
      proxy.silence()
      const a = contend('a', proxy.url)
      let stopped = false
      void a.stop().then(() => {
        stopped = true
      })
      await vi.waitFor(() => expect(stopped).toBe(true), waitLong)
    } finally {
      await proxy.close()
    }
  })

  it('work that fails gives the lock up, and runs again on the next hold', async () => {
    const lines: Line[] = []
    let runs = 0
    const lock = holdLeaderLock(
      { url: await newDatabase(), name: 'onramp', pollMs: 20, logger: memoryLogger(lines) },
      async () => {
        runs++
        throw new Error('no chain')
      },
    )
    stops.push(lock)
    await vi.waitFor(() => expect(runs).toBeGreaterThan(1), waitLong)
    expect(lines).toContainEqual({
      level: 'error',
      event: 'leader.work_failed',
      fields: { lock: 'onramp', error: 'Error: no chain' },
    })
  })

  it('keeps trying while the database is unreachable, and never runs the work meanwhile', async () => {
    const lines: Line[] = []
    let ran = false
    const lock = holdLeaderLock(
      {
        url: 'postgres://postgres@127.0.0.1:1/none',
        name: 'onramp',
        pollMs: 20,
        logger: memoryLogger(lines),
      },
      async () => {
        ran = true
      },
    )
    stops.push(lock)
    await vi.waitFor(
      () => expect(lines.filter((line) => line.event === 'leader.lock_failed').length).toBeGreaterThan(1),
      waitLong,
    )
    expect(ran).toBe(false)
    expect(lock.holding()).toBe(false)
  })
})
