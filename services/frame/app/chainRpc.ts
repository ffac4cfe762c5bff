import { frameErrorCodes } from '@pairwise/engine/frame'
import { isHex } from 'viem'
import type { FrameChain } from '../frameConfig.js'
import { FrameFailure } from './frameServer.js'

/** JSON-RPC to one of the operator's chains; the chain's own error code and message reach the host. */
export function chainRpc(chain: FrameChain) {
  let id = 0
  return async (method: string, params: readonly unknown[] = []): Promise<unknown> => {
    const response = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
      credentials: 'omit',
    })
    const answer = (await response.json().catch(() => undefined)) as
      | { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } }
      | undefined
    if (!answer) throw new FrameFailure(frameErrorCodes.internal, `${chain.name} answered ${response.status}`)
    if (answer.error)
      throw new FrameFailure(
        typeof answer.error.code === 'number' ? answer.error.code : frameErrorCodes.internal,
        typeof answer.error.message === 'string' ? answer.error.message : 'RPC error',
        isHex(answer.error.data, { strict: true }) ? answer.error.data : undefined,
      )
    return answer.result
  }
}
