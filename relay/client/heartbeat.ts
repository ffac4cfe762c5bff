export type Heartbeat = {
  /** Anything arrived from the relay: the socket is alive. */
  touch(): void
  stop(): void
}

export type HeartbeatOptions = {
  intervalMs: number
  /** Silence longer than this means the socket is dead. */
  timeoutMs: number
  /** Runs every interval while alive, e.g. to send a WebSocket ping that provokes a pong. */
  onTick(): void
  onDead(): void
  now?: () => number
}

/**
 * A half-open TCP connection never fires `close`; only the absence of traffic reveals it. Each tick
 * probes the socket and gives up on it after `timeoutMs` without a sign of life.
 */
export function startHeartbeat(options: HeartbeatOptions): Heartbeat {
  const now = options.now ?? Date.now
  let lastActivity = now()
  const timer = setInterval(() => {
    if (now() - lastActivity > options.timeoutMs) {
      clearInterval(timer)
      options.onDead()
      return
    }
    options.onTick()
  }, options.intervalMs)
  return {
    touch: () => {
      lastActivity = now()
    },
    stop: () => clearInterval(timer),
  }
}
