import type { Redis } from 'ioredis'
import type { MetricsRegistry } from '../../kit/index.js'
import type { BackgroundJob } from '../background/backgroundJob.js'
import type { JobStatus } from '../background/runBackgroundJobs.js'
import type { Database } from '../db/index.js'

export type ApiMonitored = {
  db: Pick<Database, 'poolUse'>
  /** The Redis the process shares its rate counts through, if any. */
  redis?: Pick<Redis, 'status'>
  /** The background work this process may run, and (once started) whether it runs each now. */
  jobs: readonly BackgroundJob[]
  status: () => readonly JobStatus[]
}

/**
 * What an api process reports on `/metrics` beside its requests: which background work runs here (summed
 * over a deployment each job reads 1; 0 everywhere for longer than a standby's poll means nobody runs it),
 * the jobs' own gauges (the indexer's lag), the database pool's use and whether Redis is connected.
 */
export const apiMonitors =
  ({ db, redis, jobs, status }: ApiMonitored) =>
  (registry: MetricsRegistry): void => {
    registry.gauge(
      'pairwise_api_background_job',
      'Whether this process runs each piece of background work now (1) or stands by (0).',
      () => status().map(({ name, holding }) => ({ labels: { job: name }, value: holding ? 1 : 0 })),
    )
    for (const gauge of jobs.flatMap((job) => job.gauges ?? []))
      registry.gauge(gauge.name, gauge.help, gauge.read)
    const pool = db.poolUse
    if (pool) {
      registry.gauge('pairwise_api_db_connections', 'PostgreSQL pool connections, by state.', () => {
        const use = pool()
        return [
          { labels: { state: 'busy' }, value: use.open - use.idle },
          { labels: { state: 'idle' }, value: use.idle },
        ]
      })
      registry.gauge('pairwise_api_db_connections_max', 'The PostgreSQL pool size.', () => pool().max)
      registry.gauge(
        'pairwise_api_db_waiting_queries',
        'Queries waiting for a free PostgreSQL connection.',
        () => pool().waiting,
      )
    }
    if (redis)
      registry.gauge(
        'pairwise_api_redis_up',
        'Whether the shared-state Redis connection is ready (1) or not (0).',
        () => (redis.status === 'ready' ? 1 : 0),
      )
  }
