import type { EngineContext } from '../context.js'
import { deletePairing } from '../pairing/delete.js'
import { deleteKey } from '../transport/keys.js'
import { dropProposal } from './records.js'

/**
 * Forgets the session a wallet's answer to proposal `proposalId` began, which will not settle now: its key
 * and subscription, so a settle sent there later finds nothing. The proposal's key pair is not touched: a
 * sign-in that wins over its fallback proposal derives its own session from it.
 */
export async function dropPendingSession(ctx: EngineContext, proposalId: number): Promise<void> {
  const pending = ctx.pendingSessions.get(proposalId)
  if (pending === undefined) return
  ctx.pendingSessions.delete(proposalId)
  ctx.relay.unsubscribe(pending.sessionTopic).catch(() => {})
  await deleteKey(ctx, pending.sessionTopic)
}

/**
 * Forgets a proposal of ours that no answer will settle now: the session a wallet's answer began (first,
 * as it leaves memory before any write, so a storage failure cannot leave it to be settled), its key pair
 * (dropped while the approval is still open, which is what marks the key as ours) and `pairingTopic`,
 * a pairing made for it alone. The approval ends even if storage fails, with `outcome` when someone still
 * waits on it. The history keeps the request until its relay TTL ends, as it keeps every request sent: a
 * relay that did take it may hand it back, and the record is what tells it from the peer's.
 */
export async function abandonProposal(
  ctx: EngineContext,
  id: number,
  pairingTopic?: string,
  outcome?: { error: unknown },
): Promise<void> {
  try {
    await dropPendingSession(ctx, id)
    await dropProposal(ctx, id)
    if (pairingTopic) await deletePairing(ctx, pairingTopic)
  } finally {
    ctx.calls.settleApproval(id, outcome)
  }
}
