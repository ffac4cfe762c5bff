import type { EngineContext } from '../context.js'
import { internalError } from '../errors.js'
import { classifyPayload } from '../jsonrpc/index.js'
import { sendResponse } from '../transport/send.js'
import type { RespondParams } from '../types.js'
import { assertParams, assertSessionTopic } from '../validate.js'
import { deletePendingRequest } from './pendingRequests.js'
import { releaseAfterResponse } from './queue.js'

async function finish(ctx: EngineContext, id: number): Promise<void> {
  await deletePendingRequest(ctx, id)
  releaseAfterResponse(ctx)
}

/** Wallet side: answers a pending session request (tag 1109), then moves the queue on after a pause. */
export async function respond(ctx: EngineContext, params: RespondParams): Promise<void> {
  assertParams(params, 'respond()')
  const { topic, response } = params
  try {
    await assertSessionTopic(ctx, topic)
  } catch (error) {
    // The session is gone, so the request can never be answered: drop it and free the queue. Deleting
    // the session dropped its requests and moved the queue on already; moving it again would hand the
    // next session's request out twice.
    const id = (response as { id?: unknown } | undefined)?.id
    if (typeof id === 'number' && ctx.stores.pendingRequests.has(String(id))) await finish(ctx, id)
    throw error
  }
  const classified = classifyPayload(response)
  if (classified.kind !== 'result' && classified.kind !== 'error') {
    throw internalError('MISSING_OR_INVALID', `respond() response: ${JSON.stringify(response)}`)
  }
  const { id } = classified.payload
  if (!ctx.stores.pendingRequests.has(String(id))) {
    throw internalError('NO_MATCHING_KEY', `respond() pending request id doesn't exist: ${id}`)
  }
  const pending = ctx.stores.pendingRequests.get(String(id))
  if (pending.topic !== topic) {
    throw internalError(
      'MISMATCHED_TOPIC',
      `Request response topic mismatch. reqId: ${id}, expected topic: ${pending.topic}, received topic: ${topic}`,
    )
  }
  await sendResponse(ctx, { topic, method: 'wc_sessionRequest', response: classified.payload })
  await finish(ctx, id)
}
