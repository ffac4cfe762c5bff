import type { EngineContext } from '../context.js'
import type { Proposal } from '../schemas/index.js'
import { idTarget } from '../store/expirer.js'

/** Stores a proposal, ours or a peer's, and arms its expiry. */
export async function saveProposal(ctx: EngineContext, proposal: Proposal): Promise<void> {
  await ctx.stores.proposals.set(String(proposal.id), proposal)
  await ctx.expirer.set(idTarget(proposal.id), proposal.expiryTimestamp)
}

export async function deleteProposal(ctx: EngineContext, id: number): Promise<void> {
  await ctx.stores.proposals.delete(String(id))
  await ctx.expirer.delete(idTarget(id))
  ctx.recentlyDeleted.add(id, 'proposal')
}

/** A sign-in request the wallet holds, forgotten as a proposal is: record and expiry. */
export async function deleteAuthRequest(ctx: EngineContext, id: number): Promise<void> {
  await ctx.stores.authRequests.delete(String(id))
  await ctx.expirer.delete(idTarget(id))
}
