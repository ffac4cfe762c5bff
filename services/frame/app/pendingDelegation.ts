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
  /**
   * Resolves once the delegating transaction this frame last sent from `account` on chain `chainId` is
   * mined or dropped, at once when there is none; refuses when it is still pending after the wait's limit.
   */
  mined(request: ChainRequest, chainId: number, account: Address): Promise<void>
}

/**
 * The delegating EIP-7702 transactions a frame sent and the chain has not mined yet. While one is pending,
 * the node counts its nonce but not its authorization's, which the account spends once it is mined: a
 * transaction signed meanwhile at the nonce the node names is dropped unmined, and a batch sees no code
 * yet, so it would delegate again. Whatever the account sends next is prepared only once it is mined.
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
    async mined(request, chainId, account) {
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
        await new Promise((resolve) => setTimeout(resolve, pollMs))
      }
      // A newer delegation sent while this one was awaited is still to be waited for.
      if (unmined.get(key) === hash) unmined.delete(key)
    },
  }
}
