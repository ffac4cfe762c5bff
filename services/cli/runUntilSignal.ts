/**
 * Keeps the process alive until SIGINT, SIGTERM or SIGHUP, then runs `stop` once and exits. The `ready`
 * lines are printed only once the handlers are in place: whoever waits for them (a supervisor, a test) may
 * signal at once, and a signal before the handlers would kill the process without stopping anything.
 * A second signal while stopping exits at once (130), as a second Ctrl-C does elsewhere: the child
 * processes' guards stop them when this process is gone.
 */
export function runUntilSignal(
  stop: () => Promise<void>,
  log: (line: string) => void,
  ready: readonly string[],
): Promise<never> {
  return new Promise<never>(() => {
    let stopping = false
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) {
        log(`${signal} received again: exiting without waiting for the stop`)
        process.exit(130)
      }
      stopping = true
      log(`\n${signal} received: stopping…`)
      stop().then(
        () => {
          log('Stopped.')
          process.exit(0)
        },
        (error: unknown) => {
          log(`Stopping failed: ${error instanceof Error ? error.message : String(error)}`)
          process.exit(1)
        },
      )
    }
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal)
    for (const line of ready) log(line)
  })
}
