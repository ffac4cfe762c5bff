import { type PendingSends, pendingSends } from './pendingSends.js'

/**
 * The delegating EIP-7702 transactions a frame sent and the chain has not mined yet. While one is pending,
 * the node counts its nonce but not its authorization's, which the account spends once it is mined: a
 * transaction signed meanwhile at the nonce the node names is dropped unmined, and a batch sees no code
 * yet, so it would delegate again. Whatever the account sends next is prepared, and signed, only once it is
 * mined.
 */
export function pendingDelegations(wait: { waitMs?: number; pollMs?: number } = {}): PendingSends {
  return pendingSends({
    ...wait,
    // One the node no longer knows was dropped unmined (replaced, evicted): there is nothing to wait for.
    settled: async (request, _account, hash) =>
      (await request('eth_getTransactionReceipt', [hash])) !== null ||
      (await request('eth_getTransactionByHash', [hash])) === null,
    stillPending:
      'An earlier transaction making this account a smart account is still pending: try again once it is mined',
  })
}
