import { type Stoppable, stopEvery } from '../kit/stopEvery.js'

/**
 * What a cluster started (its processes, Postgres and Redis, the stack file), stage after stage: the parts
 * of a stage start together, and a stage is stopped together, after every later one.
 */
export class Stages {
  readonly #started: Stoppable[][] = []
  #stopping: Promise<void> | undefined

  /** Whether `stop` was called: an exit from then on is the stop's doing, not a crash. */
  get stopping(): boolean {
    return this.#stopping !== undefined
  }

  /** Starts a stage's parts at once; those that started are stopped with it even when another failed. */
  async start<T extends Stoppable>(starts: readonly (T | Promise<T>)[]): Promise<T[]> {
    const parts: T[] = []
    this.#started.push(parts)
    const results = await Promise.allSettled(starts)
    for (const result of results) if (result.status === 'fulfilled') parts.push(result.value)
    const failed = results.find((result) => result.status === 'rejected')
    if (failed) throw (failed as PromiseRejectedResult).reason
    return parts
  }

  /**
   * Stops the stages, last first, every part even when one's stop fails (a process left running holds its
   * port), then rejects naming each failure; safe to call more than once.
   */
  stop(): Promise<void> {
    this.#stopping ??= stopEvery('the cluster', this.#started)
    return this.#stopping
  }
}
