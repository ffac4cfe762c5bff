import type { EngineContext } from '../context.js'
import type { Proposal } from '../schemas/index.js'
import { idTarget } from '../store/expirer.js'
import { held } from '../store/held.js'
import { deleteKey } from '../transport/keys.js'

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

/**
 * Forgets a proposal that ended without a session and, when it is ours (its `connect()` still waits), the
 * key pair made for it alone; a peer's proposal names a key that is not ours to drop.
 */
export async function dropProposal(ctx: EngineContext, id: number): Promise<void> {
  const proposal = held(ctx.stores.proposals, String(id))
  const ours = ctx.calls.approval(id)
  // The record goes first: a wallet's answer handled meanwhile then finds no proposal to begin a session for.
  await deleteProposal(ctx, id)
  if (proposal && ours) await deleteKey(ctx, proposal.proposer.publicKey)
}

/** A sign-in request the wallet holds, forgotten as a proposal is: record and expiry. */
export async function deleteAuthRequest(ctx: EngineContext, id: number): Promise<void> {
  await ctx.stores.authRequests.delete(String(id))
  await ctx.expirer.delete(idTarget(id))
}
