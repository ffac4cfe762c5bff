import type { MetricsRegistry } from '../../kit/index.js'
import type { JobStatus } from './runBackgroundJobs.js'

/**
 * `pairwise_api_background_job{job}`: 1 where this process runs the job now, 0 where it stands by for
 * another's lock. Summed over a deployment each job reads 1; 0 for longer than a standby's poll means
 * nobody runs it.
 */
export const backgroundJobGauge =
  (status: () => readonly JobStatus[]) =>
  (registry: MetricsRegistry): void =>
    registry.gauge(
      'pairwise_api_background_job',
      'Whether this process runs each piece of background work now (1) or stands by (0).',
      () => status().map(({ name, holding }) => ({ labels: { job: name }, value: holding ? 1 : 0 })),
    )
