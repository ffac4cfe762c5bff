import type { Sample } from '../../kit/index.js'
import type { LeaderLockName } from '../db/leaderLock.js'

/** A gauge a job reports on `/metrics`: samples only while the job runs in this process. */
export type JobGauge = { name: string; help: string; read: () => Sample[] }

/** Work that runs beside the routes in exactly one process at a time (the indexer, the onramp's deliveries). */
export type BackgroundJob = {
  /** Also its lock's name: whichever process holds that lock runs it. */
  name: LeaderLockName
  /** Runs until `signal` aborts, then resolves once wound down (nothing of it left running). */
  run(signal: AbortSignal): Promise<void>
  gauges?: readonly JobGauge[]
}
