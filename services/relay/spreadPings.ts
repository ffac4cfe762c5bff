/**
 * Pings every socket once per interval, a few every tick rather than all at once: each socket in its own
 * place in the set's order, so it is pinged about one interval after its last ping.
 *
 * Why: with all sockets pinged together, their pongs come back together too, and at 10,000 sockets the
 * relay spends a burst of some 150 ms reading them while messages wait behind; a latency window that
 * held such a burst had a p99 of 30 to 130 ms instead of 3 to 8. A few pongs a tick are lost in the traffic.
 */
export class SpreadPings<Socket> {
  private readonly timer: ReturnType<typeof setInterval>
  private pass: Iterator<Socket>
  private passStartedAt: number
  private pingedThisPass = 0
  private passDone = false

  constructor(
    private readonly sockets: ReadonlySet<Socket>,
    private readonly ping: (socket: Socket) => void,
    private readonly intervalMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.pass = sockets.values()
    this.passStartedAt = now()
    // A tick short enough that a pass ends within a tick of its interval, long enough to cost nothing.
    this.timer = setInterval(() => this.tick(), Math.max(1, Math.min(50, intervalMs / 4)))
  }

  /**
   * Pings as many sockets as the time elapsed in this pass calls for (sockets now × elapsed / interval),
   * so that a pass ends one interval after it began even as sockets come and go. A set's iterator goes on
   * past deletions and reaches sockets added meanwhile, so each socket is pinged once a pass.
   */
  tick(): void {
    let elapsed = this.now() - this.passStartedAt
    if (this.passDone) {
      if (elapsed < this.intervalMs) return
      this.pass = this.sockets.values()
      this.passStartedAt = this.now()
      this.pingedThisPass = 0
      this.passDone = false
      elapsed = 0
    }
    const due = Math.ceil((this.sockets.size * Math.min(elapsed, this.intervalMs)) / this.intervalMs)
    while (this.pingedThisPass < due || elapsed >= this.intervalMs) {
      const next = this.pass.next()
      if (next.done) {
        this.passDone = true
        return
      }
      this.pingedThisPass++
      this.ping(next.value)
    }
  }

  stop(): void {
    clearInterval(this.timer)
  }
}
