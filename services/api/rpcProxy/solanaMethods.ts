import { z } from 'zod'
import type { JsonRpcCall } from './jsonRpc.js'
import { localAnswerOf } from './localAnswer.js'

/**
 * The only methods the proxy forwards to a Solana cluster: what the Solana adapter calls (balances, token
 * accounts, rent, blockhash, fee, sends and their confirmation) and the other reads a public client makes of
 * a few named accounts, signatures or the cluster's state, each bounded by its own arguments (a node caps
 * getMultipleAccounts at 100 keys, getSignatureStatuses at 256). Left out, so no caller spends the operator's
 * node on work with no bound: scans of the whole ledger or of a program's accounts (getProgramAccounts,
 * getLargestAccounts, getTokenLargestAccounts, getSupply's non-circulating walk), history walks
 * (getSignaturesForAddress, up to 1,000 a call), whole blocks and block ranges (getBlock, getBlocks…), and
 * requestAirdrop, a faucet on test clusters.
 */
export const solanaMethods: ReadonlySet<string> = new Set([
  'getAccountInfo',
  'getBalance',
  'getMultipleAccounts',
  'getMinimumBalanceForRentExemption',
  'getTokenAccountBalance',
  'getTokenAccountsByOwner',
  'getTokenSupply',
  'getLatestBlockhash',
  'isBlockhashValid',
  'getFeeForMessage',
  'getRecentPrioritizationFees',
  'getSlot',
  'getBlockHeight',
  'getEpochInfo',
  'getHealth',
  'getGenesisHash',
  'getVersion',
  'getSignatureStatuses',
  'getTransaction',
  'simulateTransaction',
  'sendTransaction',
])

/** A Solana cluster's: the `test` ping, and -32601 for anything off the list (EVM methods among them). */
export const solanaLocalAnswer = localAnswerOf(solanaMethods)

/**
 * getSignatureStatuses' params when it asks the node to look each signature up in its ledger archive. Params
 * past the two are let be: whether a node ignores or refuses them, the call costs no less for them.
 */
const historySearchSchema = z
  .tuple([z.array(z.string()), z.object({ searchTransactionHistory: z.literal(true) })])
  .rest(z.unknown())

/**
 * What a call spends of the calls budgets: 1, but a getSignatureStatuses that searches the transaction
 * history one per signature it names (at least 1), each a lookup the node may make in its ledger archive;
 * past a node's own cap (256) too, as not every node has one. Params of another shape count 1 and go as
 * sent, for the node to answer its own error.
 */
export function solanaCallCost({ method, params }: JsonRpcCall): number {
  if (method !== 'getSignatureStatuses') return 1
  const search = historySearchSchema.safeParse(params)
  return search.success ? Math.max(1, search.data[0].length) : 1
}
