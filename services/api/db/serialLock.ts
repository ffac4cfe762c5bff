/** Runs tasks one after another in call order; a failed task does not stop the ones behind it. */
export class SerialLock {
  #tail: Promise<unknown> = Promise.resolve()

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(task)
    this.#tail = result.catch(() => undefined)
    return result
  }
}
