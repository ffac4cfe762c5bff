/** How long a part's URL may refuse connections at the end of the start: the bundler loads meanwhile. */
const readyTimeoutMs = 90_000

/** What a failed fetch ran into: its cause's message ("connect ECONNREFUSED …") says more than "fetch failed". */
function causeOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
  return cause instanceof Error ? cause.message : String(cause)
}

/**
 * A part's process ended before it answered. On a shared machine it is most often a port another process
 * took between the stack's check and the part's bind, which the part's log may or may not say (alto logs
 * through a worker it can exit before flushing): a caller that drew its ports at random may start again.
 */
export class PartEndedError extends Error {
  override readonly name = 'PartEndedError'
  constructor(
    readonly part: string,
    readonly reason: string,
  ) {
    super(`The ${part} part ended at start: ${reason}`)
  }
}

/** A URL the stack waits for, with the part it belongs to, named when it fails. */
export type PartReady = { part: string; url: string; ended: Promise<string> | undefined }

/**
 * Resolves once every URL answers 2xx; the stack file promises a stack that does. A URL nothing listens on
 * yet is asked again (a part may still be loading, as the bundler does); an answer that is not 2xx, or
 * the part's process ending meanwhile, fails at once.
 */
export async function allAnswer(ready: readonly PartReady[], timeoutMs = readyTimeoutMs): Promise<void> {
  for (const { part, url, ended } of ready) {
    const deadline = Date.now() + timeoutMs
    let endedWith: string | undefined
    void ended?.then((reason) => {
      endedWith = reason
    })
    for (;;) {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) }).catch((error: unknown) => {
        if (Date.now() > deadline)
          throw new Error(
            `The ${part} part's ${url} did not answer at start in ${timeoutMs / 1000} s: ${causeOf(error)}`,
            { cause: error },
          )
      })
      // Checked even when the URL answers: what answers on an ended part's port is another process.
      if (endedWith !== undefined) throw new PartEndedError(part, endedWith)
      if (response) {
        await response.body?.cancel()
        if (!response.ok) throw new Error(`The ${part} part's ${url} answered ${response.status} at start`)
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
}
