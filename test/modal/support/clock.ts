import type { Clock } from '../../../modal/controllers/context.js'

/** A clock the test moves by hand: timers fire only inside `advance`. */
export class ManualClock implements Clock {
  now = 0
  readonly #timers = new Map<number, { at: number; callback: () => void }>()
  #next = 1

  setTimeout(callback: () => void, ms: number): number {
    const handle = this.#next++
    this.#timers.set(handle, { at: this.now + ms, callback })
    return handle
  }

  clearTimeout(handle: unknown): void {
    this.#timers.delete(handle as number)
  }

  advance(ms: number): void {
    const until = this.now + ms
    for (;;) {
      const due = [...this.#timers.entries()]
        .filter(([, t]) => t.at <= until)
        .sort(([, a], [, b]) => a.at - b.at)[0]
      if (!due) break
      const [handle, timer] = due
      this.#timers.delete(handle)
      this.now = timer.at
      timer.callback()
    }
    this.now = until
  }
}
