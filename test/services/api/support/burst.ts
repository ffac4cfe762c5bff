import type { Database } from '../../../../services/api/db/index.js'

/**
 * `count` calls of `task` started at once, settled. On PostgreSQL the pool's connections are opened first
 * (ten statements held side by side), so the calls' transactions run side by side rather than one after
 * another while connections are still being made.
 */
export async function burst<T>(
  db: Database,
  count: number,
  task: (index: number) => Promise<T>,
): Promise<PromiseSettledResult<T>[]> {
  if (db.kind === 'postgres')
    await Promise.all(Array.from({ length: 10 }, () => db.get('SELECT pg_sleep(0.05)')))
  return Promise.allSettled(Array.from({ length: count }, (_, index) => task(index)))
}

/** The calls of a burst that went through. */
export const passed = <T>(results: PromiseSettledResult<T>[]): T[] =>
  results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))

/** The error codes of the calls of a burst that were refused. */
export const refusedWith = <T>(results: PromiseSettledResult<T>[]): unknown[] =>
  results.flatMap((result) =>
    result.status === 'rejected' ? [(result.reason as { code?: unknown }).code] : [],
  )
