import { type EngineContext, schedule } from '../context.js'
import type { PendingRequest } from '../schemas/index.js'

/** How many handed-out request ids are remembered to swallow redeliveries. */
const EMITTED_LIMIT = 500

/**
 * Queues an incoming session request. Redeliveries (at-least-once relay) of a request already queued or
 * handed out are dropped.
 */
export function enqueueSessionRequest(ctx: EngineContext, request: PendingRequest): void {
  const { queue, emitted } = ctx.requestQueue
  if (emitted.has(request.id) || queue.some((queued) => queued.id === request.id)) return
  queue.push(request)
  processSessionRequestQueue(ctx)
}

/** Hands out the oldest queued request unless one is still being answered. */
export function processSessionRequestQueue(ctx: EngineContext): void {
  const state = ctx.requestQueue
  if (state.active) return
  const next = state.queue[0]
  if (next === undefined) return
  state.active = true
  state.emitted.add(next.id)
  if (state.emitted.size > EMITTED_LIMIT) {
    const oldest = state.emitted.values().next().value
    if (oldest !== undefined) state.emitted.delete(oldest)
  }
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
