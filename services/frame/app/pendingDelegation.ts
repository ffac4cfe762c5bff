import { frameErrorCodes } from '@pairwise/engine/frame'
import type { Address, Hex } from 'viem'
import type { ChainRequest } from '../preview/index.js'
import { FrameFailure } from './frameServer.js'

/** How long a request waits for the account's delegating transaction to be mined before it is refused. */
export const DELEGATION_WAIT_MS = 60_000
/** How often the chain is asked for that transaction's receipt meanwhile. */
export const DELEGATION_POLL_MS = 500

export type PendingDelegations = {
  /** `hash` is the delegating transaction just sent from `account` on chain `chainId`. */
  sent(chainId: number, account: Address, hash: Hex): void
  /** Whether a delegating transaction this frame sent from `account` on chain `chainId` may be unmined yet. */
  pending(chainId: number, account: Address): boolean
  /**
   * Resolves once the delegating transaction this frame last sent from `account` on chain `chainId` is
   * mined or dropped, at once when there is none; refuses when it is still pending after the wait's limit,
   * and as aborted by the user when `signal` aborts first (the request was cancelled while it waited).
   */
  mined(request: ChainRequest, chainId: number, account: Address, signal?: AbortSignal): Promise<void>
}

/** What a request cancelled while it waited is answered: the frame's answer to an aborted approval. */
const abortedRequest = () => new FrameFailure(frameErrorCodes.userRejected, 'Request was aborted')

/** `ms` of nothing, cut short as the request's abort when `signal` aborts first (or had already). */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => {
      clearTimeout(timer)
      reject(abortedRequest())
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', aborted)
      resolve()
    }, ms)
    if (signal?.aborted) return aborted()
    signal?.addEventListener('abort', aborted, { once: true })
  })
}

/**
 * The delegating EIP-7702 transactions a frame sent and the chain has not mined yet. While one is pending,
 * the node counts its nonce but not its authorization's, which the account spends once it is mined: a
 * transaction signed meanwhile at the nonce the node names is dropped unmined, and a batch sees no code
 * yet, so it would delegate again. Whatever the account sends next is prepared, and signed, only once it is
 * mined.
 */
export function pendingDelegations({
  waitMs = DELEGATION_WAIT_MS,
  pollMs = DELEGATION_POLL_MS,
}: {
  waitMs?: number
  pollMs?: number
} = {}): PendingDelegations {
  const unmined = new Map<string, Hex>()
  const keyOf = (chainId: number, account: Address) => `${chainId}:${account.toLowerCase()}`
  return {
    sent(chainId, account, hash) {
      unmined.set(keyOf(chainId, account), hash)
    },
    pending(chainId, account) {
      return unmined.has(keyOf(chainId, account))
    },
    async mined(request, chainId, account, signal) {
      const key = keyOf(chainId, account)
      const hash = unmined.get(key)
      if (hash === undefined) return
      const deadline = Date.now() + waitMs
      // One the node no longer knows was dropped unmined (replaced, evicted): there is nothing to wait for.
      const settled = async () =>
        (await request('eth_getTransactionReceipt', [hash])) !== null ||
        (await request('eth_getTransactionByHash', [hash])) === null
      while (!(await settled())) {
        if (Date.now() >= deadline)
          throw new FrameFailure(
            frameErrorCodes.internal,
            'An earlier transaction making this account a smart account is still pending: try again once it is mined',
          )
        await pause(pollMs, signal)
      }
      // A newer delegation sent while this one was awaited is still to be waited for.
      if (unmined.get(key) === hash) unmined.delete(key)
      // Settled as the request was cancelled: it stays cancelled, as the host has given up on its answer.
      if (signal?.aborted) throw abortedRequest()
    },
  }
}
