import type { JsonRpcAnswer, JsonRpcCall } from './jsonRpc.js'

// Methods that would sign with keys the node holds (Anvil unlocks its dev accounts): never forwarded.
const nodeSigning = new Set([
  'eth_sendTransaction',
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v1',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
])

/** Only the public read and broadcast namespaces reach the chain; node admin (anvil_, debug_, …) does not. */
const forwardable = (method: string) => /^(eth|net|web3)_/.test(method) && !nodeSigning.has(method)

/**
 * The answer the proxy gives itself, or undefined for a call to forward: `test` is the modal's
 * registration ping; a method outside the public namespaces is 'Method not found' (EIP-1474's -32601).
 */
export function localAnswer({ id, method }: JsonRpcCall): JsonRpcAnswer | undefined {
  if (method === 'test') return { jsonrpc: '2.0', id, result: true }
  if (!forwardable(method))
    return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }
  return undefined
}
