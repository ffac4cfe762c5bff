import type { Database } from '../db/index.js'
import { holdLeaderLock } from '../db/leaderLock.js'
import type { ApiLogger } from '../http/types.js'
import type { BackgroundJob } from './backgroundJob.js'

/** A job of this process, and whether it runs here now (else another process holds its lock). */
export type JobStatus = { name: string; holding: boolean }

export type RunningJobs = {
  /** The jobs running in this process now, by name. */
  holding(): string[]
  /** Every job this process may run, each with whether it runs here now. */
  status(): JobStatus[]
  /** Ends every job here, waiting for each to wind down, and releases its lock. */
  stop(): Promise<void>
}

/**
 * Runs each job in exactly one process: on PostgreSQL under its advisory lock (see holdLeaderLock), a
 * standby asking every `pollMs`; on SQLite at once, since the database serves this process alone (see
 * claimSqliteDatabase).
 */
export function runBackgroundJobs(
  jobs: readonly BackgroundJob[],
  options: { db: Database; database: string; pollMs: number; logger: ApiLogger },
): RunningJobs {
  const { db, database, pollMs, logger } = options
  const running = jobs.map((job) => {
    if (db.kind === 'postgres')
      return { name: job.name, ...holdLeaderLock({ url: database, name: job.name, pollMs, logger }, job.run) }
    const stopping = new AbortController()
    const done = job.run(stopping.signal)
    return {
      name: job.name,
      holding: () => !stopping.signal.aborted,
      async stop() {
        stopping.abort()
        await done
      },
    }
  })
  const status = () => running.map((each) => ({ name: each.name, holding: each.holding() }))
  return {
    status,
    holding: () =>
      status()
        .filter((each) => each.holding)
        .map((each) => each.name),
    async stop() {
      await Promise.all(running.map((each) => each.stop()))
    },
  }
}
