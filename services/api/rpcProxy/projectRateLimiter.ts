export type RpcRateLimits = {
  /** Proxy requests per project per minute, a batch counting once. */
  requestsPerMinute: number
  /** JSON-RPC calls per project per minute, each call of a batch counting. */
  callsPerMinute: number
}

type Window = { startedAt: number; requests: number; calls: number }

const minute = 60_000

/** Fixed one-minute windows per project; at most `maxProjects` tracked, the oldest window dropped first. */
export class ProjectRateLimiter {
  private readonly windows = new Map<string, Window>()

  constructor(
    private readonly limits: RpcRateLimits,
    private readonly now: () => number,
    private readonly maxProjects = 10_000,
  ) {}

  /** Counts a request of `calls` calls for `projectId`; false (and nothing counted) when over a limit. */
  take(projectId: string, calls: number): boolean {
    const now = this.now()
    let window = this.windows.get(projectId)
    if (!window || now - window.startedAt >= minute) {
      this.windows.delete(projectId)
      if (this.windows.size >= this.maxProjects) {
        const oldest = this.windows.keys().next()
        if (!oldest.done) this.windows.delete(oldest.value)
      }
      window = { startedAt: now, requests: 0, calls: 0 }
      this.windows.set(projectId, window)
    }
    if (
      window.requests + 1 > this.limits.requestsPerMinute ||
      window.calls + calls > this.limits.callsPerMinute
    )
      return false
    window.requests += 1
    window.calls += calls
    return true
  }
}
