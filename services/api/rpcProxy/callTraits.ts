import { chainReadMethods } from '@pairwise/engine/frame'
import type { JsonRpcCall } from './jsonRpc.js'
import { moreEvmReads } from './localAnswer.js'
import { solanaMethods } from './solanaMethods.js'

/**
 * Reads with no side effect and no state kept on the node: identical ones may share one answer, and one may
 * be sent again (./upstreamBatcher.ts, a batch over the answer cap). Sends
 * (eth_sendRawTransaction, sendTransaction), filters (eth_newFilter, eth_getFilterChanges, …) and anything
 * unlisted never do. One list for EVM chains and Solana clusters: no name is forwarded to both, so each is
 * judged for the one chain kind that may send it.
 */
export const sharedReads: ReadonlySet<string> = new Set([
  ...chainReadMethods,
  ...moreEvmReads,
  // A Solana cluster's whole allowlist but sendTransaction. A simulation, like eth_call, commits nothing and
  // leaves nothing on the node, so one run answers each identical call of the turn as it would have alone.
  ...[...solanaMethods].filter((method) => method !== 'sendTransaction'),
])

/**
 * Equal for two calls that may share one upstream answer; undefined for a call that must go out itself.
 * The method then the params' JSON, which starts with `[` or `{`, never part of a listed method's name: two
 * calls of different methods never have the same key.
 */
export function sharingKey({ method, params }: JsonRpcCall): string | undefined {
  if (!sharedReads.has(method)) return undefined
  return params === undefined ? method : method + JSON.stringify(params)
}

const largeAlways = new Set([
  'eth_getLogs',
  'eth_getFilterLogs',
  'eth_getFilterChanges',
  'eth_getBlockReceipts',
  // A Solana account holds up to 10 MiB of data, and a simulation may answer the accounts it touched.
  'getAccountInfo',
  'getMultipleAccounts',
  'getTokenAccountsByOwner',
  'simulateTransaction',
  // Whatever its one signature: a transaction's 64 inner instructions carry up to 10 KiB of data each,
  // beside its logs, so a batch of them named by one client could pass the answer cap for all.
  'getTransaction',
])
const largeWithFullTransactions = new Set(['eth_getBlockByNumber', 'eth_getBlockByHash'])

/** Whether the answer may be large (logs, receipts, full blocks, Solana accounts and transactions). */
export function answersLarge({ method, params }: JsonRpcCall): boolean {
  if (largeAlways.has(method)) return true
  return largeWithFullTransactions.has(method) && Array.isArray(params) && params[1] === true
}
