import { chainReadMethods } from '@pairwise/engine/frame'
import type { JsonRpcAnswer, JsonRpcCall } from './jsonRpc.js'

/**
 * The EVM reads a public client makes beside the frame's chain reads (@pairwise/engine/frame): node status,
 * block details and receipts, proofs, access lists. None has a side effect or leaves state on the node.
 */
export const moreEvmReads = [
  'web3_clientVersion',
  'net_listening',
  'eth_syncing',
  'eth_blobBaseFee',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getProof',
  'eth_createAccessList',
] as const

/**
 * The only methods the proxy forwards to an EVM chain: the frame's chain reads, a few more reads a public client uses
 * (filters, block details, proofs), and eth_sendRawTransaction, which carries the client's own signature.
 * An allowlist, matched exactly: a node that holds keys (Anvil unlocks ten) signs whatever signing method
 * it adds next (eth_sendTransactionSync, eth_sendUnsignedTransaction, wallet_sendTransaction, …), and
 * eth_accounts / eth_coinbase would tell a stranger which nodes hold keys.
 */
const evmMethods: ReadonlySet<string> = new Set([
  ...chainReadMethods,
  ...moreEvmReads,
  'eth_newFilter',
  'eth_newBlockFilter',
  'eth_newPendingTransactionFilter',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_uninstallFilter',
  'eth_sendRawTransaction',
])

/** A method off a route's allowlist: EIP-1474's -32601, which the modal already reads as an unsupported method. */
export const methodNotFound = (id: JsonRpcCall['id']): JsonRpcAnswer => ({
  jsonrpc: '2.0',
  id,
  error: { code: -32601, message: 'Method not found' },
})

/**
 * The answers the proxy gives itself on a chain whose allowlist is `forwarded`, undefined for a call to
 * forward: `test` is the modal's registration ping; any method off the allowlist is 'Method not found'.
 */
export const localAnswerOf =
  (forwarded: ReadonlySet<string>) =>
  ({ id, method }: JsonRpcCall): JsonRpcAnswer | undefined => {
    if (method === 'test') return { jsonrpc: '2.0', id, result: true }
    if (!forwarded.has(method)) return methodNotFound(id)
    return undefined
  }

/** An EVM chain's: the `test` ping, and -32601 for anything off the EVM allowlist (Solana's methods among them). */
export const evmLocalAnswer = localAnswerOf(evmMethods)
