import { type EngineContext, schedule } from '../context.js'
import type { PendingRequest } from '../schemas/index.js'

/**
 * Queues an incoming session request. A request taken before never gets here: one held already is
 * dropped by `heldAlready`, one answered or expired by `receiveOnce` (inbound/replay.ts).
 */
export function enqueueSessionRequest(ctx: EngineContext, request: PendingRequest): void {
  ctx.requestQueue.queue.push(request)
  processSessionRequestQueue(ctx)
}

/** Hands out the oldest queued request unless one is still being answered. */
export function processSessionRequestQueue(ctx: EngineContext): void {
  const state = ctx.requestQueue
  if (state.active) return
  const next = state.queue[0]
  if (next === undefined) return
  state.active = true
  const { id, topic, params, verifyContext } = next
  ctx.events.emit('session_request', { id, topic, params, verifyContext })
}

/** After an answer, pause (so wallet UIs can settle) before handing out the next request. */
export function releaseAfterResponse(ctx: EngineContext): void {
  schedule(ctx, ctx.timings.requestQueueDelayMs, () => {
    ctx.requestQueue.active = false
    processSessionRequestQueue(ctx)
  })
}
