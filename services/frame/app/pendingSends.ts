import { frameErrorCodes } from '@pairwise/engine/frame'
import type { Address, Hex } from 'viem'
import type { ChainRequest } from '../preview/index.js'
import { FrameFailure } from './frameServer.js'

/** How long a request waits for what the account sent before to be mined before it is refused. */
export const PENDING_WAIT_MS = 60_000
/** How often the chain is asked whether it is mined meanwhile. */
export const PENDING_POLL_MS = 500

export type PendingSends = {
  /** `hash` is what was just sent from `account` on chain `chainId`. */
  sent(chainId: number, account: Address, hash: Hex): void
  /** Whether what this frame sent from `account` on chain `chainId` may be unmined yet. */
  pending(chainId: number, account: Address): boolean
  /**
   * Resolves once what this frame last sent from `account` on chain `chainId` is mined or dropped, at once
   * when there is none; refuses when it is still pending after the wait's limit, and as aborted by the user
   * when `signal` aborts first (the request was cancelled while it waited).
   */
  mined(request: ChainRequest, chainId: number, account: Address, signal?: AbortSignal): Promise<void>
}

/** Whether `hash`, sent from `account`, no longer holds up what the account sends next. */
export type Settled = (request: ChainRequest, account: Address, hash: Hex) => Promise<boolean>

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
 * What a frame sent from an account that the account's next request must wait for, one per account and
 * chain, until `settled` says it no longer holds that request up; `stillPending` is why the request is
 * refused when it waited too long.
 */
export function pendingSends({
  settled,
  stillPending,
  waitMs = PENDING_WAIT_MS,
  pollMs = PENDING_POLL_MS,
  forgottenAfterWait = false,
}: {
  settled: Settled
  stillPending: string
  waitMs?: number
  pollMs?: number
  /**
   * Whether a send still unsettled when a wait runs out is forgotten, so the next request is prepared anew:
   * for sends whose loss no chain call tells from their delay (a bundler drops an operation unseen), which
   * would otherwise hold up every later request of the account until the frame reloads.
   */
  forgottenAfterWait?: boolean
}): PendingSends {
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
      while (!(await settled(request, account, hash))) {
        if (Date.now() >= deadline) {
          if (forgottenAfterWait && unmined.get(key) === hash) unmined.delete(key)
          throw new FrameFailure(frameErrorCodes.internal, stillPending)
        }
        await pause(pollMs, signal)
      }
      // A newer one sent while this one was awaited is still to be waited for.
      if (unmined.get(key) === hash) unmined.delete(key)
      // Settled as the request was cancelled: it stays cancelled, as the host has given up on its answer.
      if (signal?.aborted) throw abortedRequest()
    },
  }
}
