import type { Hex } from 'viem'

/** CONST-04: once on, the pending-transaction filter is read every 30 s. */
export const pendingPollMs = 30_000
/**
 * CONST-05: at most this many pending transactions are tracked; the spec fixes a limit without giving
 * it. A node's pending filter reports its whole mempool (thousands a minute on a busy chain) while the
 * modal only needs to know that something moved, so 100 bounds memory and each report; hashes beyond
 * it are not tracked: one poll tracks at most 100 new hashes, and older ones make room for newer.
 */
export const pendingLimit = 100

export type PendingTransactionsFilter = { enable?: boolean; pollingInterval?: number }

/**
 * CALL-05: watches a chain's pending transactions through a pending-transaction filter
 * (eth_newPendingTransactionFilter, then eth_getFilterChanges every `pollingInterval`). Each poll's new
 * hashes, as far as the limit allows, go to `onTransactions`. Returns a stop function and the tracked hashes.
 */
export function watchPendingTransactions(
  read: (method: string, params: unknown[]) => Promise<unknown>,
  {
    pollingInterval = pendingPollMs,
    onTransactions,
    onError = () => {},
  }: {
    pollingInterval?: number
    onTransactions: (hashes: Hex[]) => void
    onError?: (error: unknown) => void
  },
): { stop(): void; tracked(): Hex[] } {
  const tracked = new Set<Hex>()
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const filter = read('eth_newPendingTransactionFilter', []) as Promise<Hex>
  const poll = async () => {
    try {
      const changes = (await read('eth_getFilterChanges', [await filter])) as Hex[]
      const fresh = changes.filter((hash) => !tracked.has(hash)).slice(0, pendingLimit)
      for (const hash of fresh) tracked.add(hash)
      // The oldest make room: the newest `pendingLimit` are the ones tracked.
      for (const hash of [...tracked].slice(0, Math.max(0, tracked.size - pendingLimit))) tracked.delete(hash)
      if (fresh.length > 0 && !stopped) onTransactions(fresh)
    } catch (error) {
      onError(error)
    }
    if (!stopped) timer = setTimeout(poll, pollingInterval)
  }
  filter.then(
    () => {
      if (!stopped) timer = setTimeout(poll, pollingInterval)
    },
    (error: unknown) => onError(error),
  )
  return {
    stop() {
      stopped = true
      clearTimeout(timer)
      void filter.then((id) => read('eth_uninstallFilter', [id])).catch(() => undefined)
    },
    tracked: () => [...tracked],
  }
}
