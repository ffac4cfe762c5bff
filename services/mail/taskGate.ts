/** Runs at most `limit` tasks at once; the others wait their turn, first come first served. */
export class TaskGate {
  #running = 0
  readonly #waiting: (() => void)[] = []

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`limit must be a positive integer, not ${limit}`)
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    // A task that ends hands its place straight to the next waiting one, so none overtakes the queue.
    if (this.#running < this.limit) this.#running++
    else await new Promise<void>((resolve) => this.#waiting.push(resolve))
    try {
      return await task()
    } finally {
      const next = this.#waiting.shift()
      if (next) next()
      else this.#running--
    }
  }
}
