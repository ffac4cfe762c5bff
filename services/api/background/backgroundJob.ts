import type { LeaderLockName } from '../db/leaderLock.js'

/** Work that runs beside the routes in exactly one process at a time (the indexer, the onramp's deliveries). */
export type BackgroundJob = {
  /** Also its lock's name: whichever process holds that lock runs it. */
  name: LeaderLockName
  /** Runs until `signal` aborts, then resolves once wound down (nothing of it left running). */
  run(signal: AbortSignal): Promise<void>
}
