/**
 * `load`, asked once and its answer kept; a failure is not kept, so the next call asks again (a database or
 * disk briefly away does not fail every later request of the process).
 */
export function keptOnSuccess<T>(load: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | undefined
  return () => {
    kept ??= load().catch((error: unknown) => {
      kept = undefined
      throw error
    })
    return kept
  }
}
