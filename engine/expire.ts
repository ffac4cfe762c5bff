import type { EngineContext } from './context.js'
import { getInternalError, SignClientError } from './errors.js'
import { deletePairing } from './pairing/delete.js'
import { abandonProposal } from './proposal/abandon.js'
import { deleteAuthRequest } from './proposal/records.js'
import { PROPOSAL_EXPIRY_MESSAGE } from './session/connect.js'
import { deleteSession } from './session/delete.js'
import { deletePendingRequest } from './session/pendingRequests.js'
import type { ExpirerTarget } from './store/expirer.js'

/** What runs when the expirer says a pairing, session, proposal or request has had its time. */
export async function onExpired(ctx: EngineContext, target: ExpirerTarget): Promise<void> {
  if (target.kind === 'topic') {
    const { topic } = target
    if (ctx.stores.sessions.has(topic)) {
      await deleteSession(ctx, { topic, reason: getInternalError('EXPIRED', `session topic: ${topic}`) })
      ctx.events.emit('session_expire', { topic })
    } else if (ctx.stores.pairings.has(topic)) {
      await deletePairing(ctx, topic)
    }
    return
  }
  const { id } = target
  if (ctx.stores.pendingRequests.has(String(id))) {
    await deletePendingRequest(ctx, id, { expired: true })
    return
  }
  if (ctx.stores.authRequests.has(String(id))) {
    await deleteAuthRequest(ctx, id)
    return
  }
  if (ctx.stores.proposals.has(String(id))) {
    await abandonProposal(ctx, id, undefined, {
      error: new SignClientError({ code: 0, message: PROPOSAL_EXPIRY_MESSAGE }),
    })
    ctx.events.emit('proposal_expire', { id })
  }
}
