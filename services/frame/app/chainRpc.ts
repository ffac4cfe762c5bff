import { frameErrorCodes } from '@pairwise/engine/frame'
import { isHex } from 'viem'
import type { FrameChain } from '../frameConfig.js'
import { ChainUnreachable } from '../preview/index.js'
import { FrameFailure } from './frameServer.js'

/**
 * How long a chain has to answer one request. A call the frame makes (an estimate, a simulation, a
 * transaction sent) takes a node a few seconds at worst; past this, the chain is taken as unreachable, so a
 * stalled RPC ends the request with a reason instead of holding it, and its approval, open for good.
 */
export const CHAIN_RPC_TIMEOUT_MS = 30_000

/** `text` parsed as JSON, or undefined when it is not (a gateway's HTML page). */
function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * JSON-RPC to one of the operator's chains; the chain's own error code and message reach the host. A chain
 * that gives no JSON-RPC answer (no connection, an HTTP error such as a gateway's 502 without a JSON-RPC
 * error) throws ChainUnreachable: that says nothing about the request, so no approval may read it as the
 * chain refusing the request.
 */
export function chainRpc(chain: FrameChain, { timeoutMs = CHAIN_RPC_TIMEOUT_MS } = {}) {
  let id = 0
  return async (method: string, params: readonly unknown[] = []): Promise<unknown> => {
    const signal = AbortSignal.timeout(timeoutMs)
    const unreachable = () =>
      new ChainUnreachable(
        signal.aborted
          ? `${chain.name} did not answer in time: try again in a moment`
          : `${chain.name} cannot be reached: try again in a moment`,
      )
    const response = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
      credentials: 'omit',
      signal,
    }).catch(() => {
      throw unreachable()
    })
    const body = await response.text().catch(() => {
      throw unreachable()
    })
    const answer = parsedJson(body) as
      | { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } | null }
      | undefined
    // A gateway's own JSON ({"error": "Bad Gateway"}) carries no JSON-RPC error object.
    if (typeof answer?.error === 'object' && answer.error !== null)
      throw new FrameFailure(
        typeof answer.error.code === 'number' ? answer.error.code : frameErrorCodes.internal,
        typeof answer.error.message === 'string' ? answer.error.message : 'RPC error',
        isHex(answer.error.data, { strict: true }) ? answer.error.data : undefined,
      )
    if (!answer || !response.ok)
      throw new ChainUnreachable(
        `${chain.name} cannot be reached (it answered ${response.status}): try again in a moment`,
      )
    return answer.result
  }
}
