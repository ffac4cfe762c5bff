import type { EngineContext } from '../context.js'
import { idTarget } from '../store/expirer.js'

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
