import type { Database } from '../db/index.js'
import { holdLeaderLock } from '../db/leaderLock.js'
import type { ApiLogger } from '../http/types.js'
import type { BackgroundJob } from './backgroundJob.js'
import { pause } from './pause.js'

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

/** The longest wait before a job that keeps failing runs again. */
export const MAX_RESTART_DELAY_MS = 60_000

/**
 * Runs `job` until `signal` aborts, again after it throws or ends by itself, as a PostgreSQL holder runs
 * it again on its next hold. The wait doubles from `pollMs` while runs keep ending sooner than
 * MAX_RESTART_DELAY_MS, so a job that fails at once is not run in a tight loop, and goes back to `pollMs`
 * after a run that lasted.
 */
async function runRestarting(
  job: BackgroundJob,
  signal: AbortSignal,
  pollMs: number,
  logger: ApiLogger,
): Promise<void> {
  let delay = pollMs
  while (!signal.aborted) {
    const started = Date.now()
    await job
      .run(signal)
      .catch((error: unknown) =>
        logger.error('background.job_failed', { job: job.name, error: String(error) }),
      )
    if (signal.aborted) return
    if (Date.now() - started >= MAX_RESTART_DELAY_MS) delay = pollMs
    logger.warn('background.job_restarting', { job: job.name, inMs: delay })
    await pause(delay, signal)
    delay = Math.min(delay * 2, MAX_RESTART_DELAY_MS)
  }
}

/**
 * Runs each job in exactly one process: on PostgreSQL under its advisory lock (see holdLeaderLock), a
 * standby asking every `pollMs`; on SQLite at once, since the database serves this process alone (see
 * claimSqliteDatabase). Either way a job that throws is logged and run again.
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
    const done = runRestarting(job, stopping.signal, pollMs, logger)
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
