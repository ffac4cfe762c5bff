import type { EngineContext } from '../context.js'
import { SignClientError } from '../errors.js'
import type { JsonRpcResponse } from '../jsonrpc/index.js'
import { activatePairing } from '../pairing/activate.js'
import { SessionProposeResultSchema } from '../schemas/index.js'
import { storeSharedKey } from '../transport/keys.js'
import { abandonProposal } from './abandon.js'

/**
 * Dapp side: the wallet answered our proposal on the pairing topic. An approval gives us its public key:
 * we derive the session key, subscribe to the session topic (where the settle request waits in the relay's
 * mailbox) and activate the pairing. A rejection fails `approval()` with the wallet's error.
 */
export async function onProposeResponse(
  ctx: EngineContext,
  topic: string,
  payload: JsonRpcResponse,
): Promise<void> {
  const { id } = payload
  if ('error' in payload) {
    await abandonProposal(ctx, id, undefined, { error: new SignClientError(payload.error) })
    return
  }
  const parsed = SessionProposeResultSchema.safeParse(payload.result)
  if (!parsed.success || !ctx.stores.proposals.has(String(id))) {
    ctx.logger.error('malformed proposal response', { topic, id })
    return
  }
  const proposal = ctx.stores.proposals.get(String(id))
  const selfPublicKey = proposal.proposer.publicKey
  const sessionTopic = await storeSharedKey(ctx, selfPublicKey, parsed.data.responderPublicKey)
  ctx.pendingSessions.set(id, { proposalId: id, pairingTopic: topic, sessionTopic, publicKey: selfPublicKey })
  await ctx.relay.subscribe(sessionTopic)
  await activatePairing(ctx, topic)
}
