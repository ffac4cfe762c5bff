/**
 * `work` applied to each of `items`, at most `limit` at once, the answers in the items' order: for reads
 * that go to one upstream, which a burst of hundreds at once would have refuse them (rate limits) or stall.
 * Rejects with the first failure, after which no item is started: the caller, given up on the answers, may
 * try again, and the old round must not keep reading beside the new one.
 */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  if (!Number.isSafeInteger(limit) || limit < 1)
    throw new RangeError(`mapConcurrently needs a limit of at least 1 item at once, not ${limit}`)
  const answers = new Array<R>(items.length)
  let next = 0
  let failed = false
  const worker = async () => {
    while (next < items.length && !failed) {
      const index = next++
      try {
        answers[index] = await work(items[index] as T)
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return answers
}
