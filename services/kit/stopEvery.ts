/** One thing a start made, named when its stop fails. */
export type Stoppable = { readonly name: string; stop(): Promise<void> | void }

export type StopFailure = { readonly name: string; readonly error: unknown }

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** A stop ran every stop, and these failed: what they name may still run and hold its ports. */
export class StopError extends Error {
  override readonly name = 'StopError'
  constructor(
    what: string,
    readonly failures: readonly StopFailure[],
  ) {
    super(
      `Stopping ${what} failed: ${failures.map(({ name, error }) => `${name}: ${messageOf(error)}`).join('; ')}`,
    )
  }
}

/**
 * Stops `stages` last first, the members of one stage together. Every stop runs even when one fails, since
 * one error must not leave the rest running (a server holding its port, a child process behind); then
 * rejects with a `StopError` naming every failure.
 */
export async function stopEvery(what: string, stages: readonly (readonly Stoppable[])[]): Promise<void> {
  const failures: StopFailure[] = []
  for (const stage of [...stages].reverse()) {
    // Through an async function, so a stop that throws at once is a failure like one that rejects.
    const results = await Promise.allSettled(stage.map(async (member) => member.stop()))
    results.forEach((result, index) => {
      if (result.status === 'rejected')
        failures.push({ name: (stage[index] as Stoppable).name, error: result.reason })
    })
  }
  if (failures.length > 0) throw new StopError(what, failures)
}

/**
 * After a failed start: stops what it made, then throws the start's error, which is what the caller acts on
 * (it may retry). A failed stop joins it, since what that left running would make the retry fail too.
 */
export async function stopAfterFailedStart(error: unknown, stop: () => Promise<void>): Promise<never> {
  const stopFailed = await stop().then(
    () => undefined,
    (stopError: unknown) => stopError,
  )
  if (stopFailed === undefined) throw error
  throw new AggregateError([error, stopFailed], `${messageOf(error)}; ${messageOf(stopFailed)}`)
}
