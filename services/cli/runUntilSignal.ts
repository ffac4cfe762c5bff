/** Keeps the process alive until SIGINT, SIGTERM or SIGHUP, then runs `stop` once and exits. */
export function runUntilSignal(stop: () => Promise<void>, log: (line: string) => void): Promise<never> {
  return new Promise<never>(() => {
    let stopping = false
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) return
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
  })
}
