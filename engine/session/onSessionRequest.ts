import { assertRoomForRequest, heldAlready } from '../assertRoom.js'
import type { EngineContext } from '../context.js'
import { internalError, sdkError } from '../errors.js'
import type { IncomingRequest } from '../inbound/incomingRequest.js'
import { SessionRequestParamsSchema } from '../schemas/index.js'
import { idTarget } from '../store/expirer.js'
import { boundedExpiry, calcExpiry, isExpired } from '../time.js'
import { refuse } from '../transport/refuse.js'
import { assertSessionTopic } from '../validate.js'
import { verifyIncoming } from '../verify/incoming.js'
import { assertRequestAllowed, MAX_REQUEST_EXPIRY } from './checks.js'
import { enqueueSessionRequest } from './queue.js'
import { SESSION_REQUEST_EXPIRY } from './request.js'

/**
 * Wallet side: a dapp request arrived. Requests for chains or methods the session does not grant,
 * requests already past their expiry (8000) and requests past the pending-request caps (5000) are refused
 * at once; the rest are stored, given a verify context and queued, so the wallet sees one at a time. Each
 * is held, and shown, with the expiry it names cut to the week a dapp may ask (five minutes when it names
 * none): one naming a later one, a century or milliseconds read as seconds, would be held for good.
 */
export async function onSessionRequest(ctx: EngineContext, incoming: IncomingRequest): Promise<void> {
  const { topic, payload } = incoming
  try {
    await assertSessionTopic(ctx, topic)
    const parsed = SessionRequestParamsSchema.safeParse(payload.params)
    if (!parsed.success) {
      throw internalError(
        'MISSING_OR_INVALID',
        `onSessionRequest() params: ${parsed.error.issues[0]?.message}`,
      )
    }
    const params = parsed.data
    assertRequestAllowed(ctx, topic, params.chainId, params.request, 'request()')
    const { request } = params
    const named = request.expiryTimestamp
    if (named !== undefined && isExpired(ctx.clock, named)) throw sdkError('SESSION_REQUEST_EXPIRED')
    request.expiryTimestamp = boundedExpiry(
      ctx.clock,
      named ?? calcExpiry(ctx.clock, SESSION_REQUEST_EXPIRY),
      MAX_REQUEST_EXPIRY,
    )
    if (heldAlready(ctx, topic, payload.id)) return
    assertRoomForRequest(ctx, topic, params)
    const session = ctx.stores.sessions.get(topic)
    const verifyContext = await verifyIncoming(ctx, incoming, session.peer.metadata)
    const pending = { id: payload.id, topic, params, verifyContext }
    await ctx.stores.pendingRequests.set(String(payload.id), pending)
    await ctx.expirer.set(idTarget(payload.id), request.expiryTimestamp)
    enqueueSessionRequest(ctx, pending)
  } catch (error) {
    await refuse(ctx, topic, 'wc_sessionRequest', payload.id, error)
  }
}
