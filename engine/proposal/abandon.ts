import type { EngineContext } from '../context.js'
import { deletePairing } from '../pairing/delete.js'
import { dropProposal } from './records.js'

/**
 * Forgets a proposal of ours that no answer will settle now: its key pair (dropped while the approval is
 * still open, which is what marks the key as ours) and `pairingTopic`, a pairing made for it alone. The
 * approval ends even if storage fails, with `outcome` when someone still waits on it. The history keeps
 * the request until its relay TTL ends, as it keeps every request sent: a relay that did take it may hand
 * it back, and the record is what tells it from the peer's.
 */
export async function abandonProposal(
  ctx: EngineContext,
  id: number,
  pairingTopic?: string,
  outcome?: { error: unknown },
): Promise<void> {
  try {
    await dropProposal(ctx, id)
    if (pairingTopic) await deletePairing(ctx, pairingTopic)
  } finally {
    ctx.calls.settleApproval(id, outcome)
  }
}
