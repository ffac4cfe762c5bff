import { MutationObserver, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient, QUERY_GC_MS } from '../../../modal/wagmi/index.js'

afterEach(() => {
  vi.useRealTimers()
})

/** The statuses a query goes through, in order, without repeats. */
function queryStatuses(queryFn: () => Promise<number>, retry?: false) {
  const client = createQueryClient()
  const observer = new QueryObserver(client, {
    queryKey: ['q', Math.random()],
    queryFn,
    // Given only when turning retries off: an `undefined` here would hide the client's default.
    ...(retry === false ? { retry } : {}),
  })
  const seen: string[] = [observer.getCurrentResult().status]
  const settled = new Promise<void>((resolve) =>
    observer.subscribe((result) => {
      if (seen.at(-1) !== result.status) seen.push(result.status)
      if (result.status !== 'pending') resolve()
    }),
  )
  return { seen, settled }
}

async function mutationStatuses(mutationFn: () => Promise<number>) {
  const observer = new MutationObserver(createQueryClient(), { mutationFn })
  const seen: string[] = [observer.getCurrentResult().status]
  observer.subscribe((result) => {
    if (seen.at(-1) !== result.status) seen.push(result.status)
  })
  await observer.mutate().catch(() => undefined)
  return seen
}

describe("the page's query client", () => {
  it('CALL-14 a query moves pending → success or pending → error; a mutation idle → pending → success or idle → pending → error', async () => {
    const ok = queryStatuses(async () => 1)
    await ok.settled
    expect(ok.seen).toEqual(['pending', 'success'])
    const failing = queryStatuses(() => Promise.reject(new Error('no')), false)
    await failing.settled
    expect(failing.seen).toEqual(['pending', 'error'])
    expect(await mutationStatuses(async () => 1)).toEqual(['idle', 'pending', 'success'])
    expect(await mutationStatuses(() => Promise.reject(new Error('no')))).toEqual([
      'idle',
      'pending',
      'error',
    ])
  })

  it('CONST-06 a failed query is retried 3 times, 4 attempts in all, 1000 ms after the first and doubling, capped at 30000 ms', async () => {
    vi.useFakeTimers()
    const started = Date.now()
    const attempts: number[] = []
    const failing = queryStatuses(() => {
      attempts.push(Date.now() - started)
      return Promise.reject(new Error('down'))
    })
    await vi.advanceTimersByTimeAsync(60_000)
    await failing.settled
    expect(attempts).toEqual([0, 1_000, 3_000, 7_000])
    expect(failing.seen).toEqual(['pending', 'error'])
    const client = createQueryClient()
    const retryDelay = client.getDefaultOptions().queries?.retryDelay
    if (typeof retryDelay !== 'function') throw new Error('retryDelay is not a function')
    expect([0, 1, 2, 3, 4, 5, 9].map((retry) => retryDelay(retry, new Error('x')))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ])
  })

  it('CONST-07 a query nothing observes any more stays cached for 5 minutes, then is collected', async () => {
    vi.useFakeTimers()
    const client = createQueryClient()
    const queryKey = ['balance']
    const observer = new QueryObserver(client, { queryKey, queryFn: async () => 42 })
    const unsubscribe = observer.subscribe(() => {})
    await vi.advanceTimersByTimeAsync(0)
    expect(client.getQueryData(queryKey)).toBe(42)
    unsubscribe()
    expect(QUERY_GC_MS).toBe(300_000)
    await vi.advanceTimersByTimeAsync(QUERY_GC_MS - 1)
    expect(client.getQueryCache().find({ queryKey })).toBeDefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(client.getQueryCache().find({ queryKey })).toBeUndefined()
  })
})
