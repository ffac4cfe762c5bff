import type { EngineContext } from '../context.js'
import type { JsonRpcResponse } from '../jsonrpc/index.js'
import { deleteSession } from './delete.js'

/** Wallet side: the dapp confirmed the settlement (session acknowledged) or refused it (session deleted). */
export async function onSettleResponse(
  ctx: EngineContext,
  topic: string,
  payload: JsonRpcResponse,
): Promise<void> {
  if (!ctx.stores.sessions.has(topic)) return
  if ('error' in payload) {
    await deleteSession(ctx, { topic, emitEvent: false })
    return
  }
  await ctx.stores.sessions.update(topic, { acknowledged: true })
}
