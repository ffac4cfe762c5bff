/**
 * The chain reads the frame forwards to the chain's RPC (the api's proxy in a stack): none signs, sends,
 * or lists a node's accounts. services/api/rpcProxy forwards these same reads (plus a few only it serves).
 */
export const chainReadMethods = [
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'net_version',
] as const

/**
 * Which EIP-1193 methods the embedded wallet serves. OPEN-15: the safe ones read and never sign or send,
 * so the frame answers them without asking the user. VAL-06: the whitelist is the safe ones plus the
 * signing and sending methods the frame serves after an in-frame approval; anything else is refused.
 * The accounts and wallet_ reads are answered by the frame itself, never by a node.
 */
export const safeFrameMethods = [
  ...chainReadMethods,
  'eth_accounts',
  'eth_requestAccounts',
  'wallet_getAssets',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
] as const

/** Each opens the frame's approval (OPEN-14); `pairwise_exportWallet` opens its export view, the only way to it. */
export const unsafeFrameMethods = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'pairwise_exportWallet',
] as const

export type SafeFrameMethod = (typeof safeFrameMethods)[number]
export type UnsafeFrameMethod = (typeof unsafeFrameMethods)[number]
export type FrameMethodKind = 'safe' | 'unsafe' | 'refused'

const safe: ReadonlySet<string> = new Set(safeFrameMethods)
const unsafe: ReadonlySet<string> = new Set(unsafeFrameMethods)

export function frameMethodKind(method: string): FrameMethodKind {
  return safe.has(method) ? 'safe' : unsafe.has(method) ? 'unsafe' : 'refused'
}
