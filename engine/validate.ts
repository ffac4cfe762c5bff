import type { EngineContext } from './context.js'
import { internalError } from './errors.js'
import { deletePairing } from './pairing/delete.js'
import { deleteProposal } from './proposal/records.js'
import { deleteSession } from './session/delete.js'
import { isExpired } from './time.js'

// Guards shared by the behaviours: each throws a SignClientError with the official code and text.

function assertTopicString(topic: unknown, what: string): asserts topic is string {
  if (typeof topic !== 'string' || topic.trim() === '') {
    throw internalError('MISSING_OR_INVALID', `${what} topic should be a string: ${String(topic)}`)
  }
}

export function assertParams(params: unknown, call: string): asserts params is Record<string, unknown> {
  if (typeof params !== 'object' || params === null) {
    throw internalError('MISSING_OR_INVALID', `${call} params: ${String(params)}`)
  }
}

/** The session exists and is usable; an expired one, or one whose key is gone, is deleted on the spot. */
export async function assertSessionTopic(ctx: EngineContext, topic: unknown): Promise<void> {
  assertTopicString(topic, 'session')
  ctx.recentlyDeleted.check(topic)
  if (!ctx.stores.sessions.has(topic)) {
    throw internalError('NO_MATCHING_KEY', `session topic doesn't exist: ${topic}`)
  }
  if (isExpired(ctx.clock, ctx.stores.sessions.get(topic).expiry)) {
    await deleteSession(ctx, { topic })
    throw internalError('EXPIRED', `session topic: ${topic}`)
  }
  if (!ctx.stores.keychain.has(topic)) {
    await deleteSession(ctx, { topic })
    throw internalError('MISSING_OR_INVALID', `session topic does not exist in keychain: ${topic}`)
  }
}

export async function assertPairingTopic(ctx: EngineContext, topic: unknown): Promise<void> {
  assertTopicString(topic, 'pairing')
  if (!ctx.stores.pairings.has(topic)) {
    throw internalError('NO_MATCHING_KEY', `pairing topic doesn't exist: ${topic}`)
  }
  if (isExpired(ctx.clock, ctx.stores.pairings.get(topic).expiry)) {
    await deletePairing(ctx, topic)
    throw internalError('EXPIRED', `pairing topic: ${topic}`)
  }
}

export async function assertSessionOrPairingTopic(
  ctx: EngineContext,
  topic: unknown,
): Promise<'session' | 'pairing'> {
  assertTopicString(topic, 'session or pairing')
  ctx.recentlyDeleted.check(topic)
  if (ctx.stores.sessions.has(topic)) {
    await assertSessionTopic(ctx, topic)
    return 'session'
  }
  if (ctx.stores.pairings.has(topic)) {
    await assertPairingTopic(ctx, topic)
    return 'pairing'
  }
  throw internalError('NO_MATCHING_KEY', `session or pairing topic doesn't exist: ${topic}`)
}

export async function assertProposalId(ctx: EngineContext, id: unknown): Promise<void> {
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) {
    throw internalError('MISSING_OR_INVALID', `proposal id should be a number: ${String(id)}`)
  }
  ctx.recentlyDeleted.check(id)
  if (!ctx.stores.proposals.has(String(id))) {
    throw internalError('NO_MATCHING_KEY', `proposal id doesn't exist: ${id}`)
  }
  if (isExpired(ctx.clock, ctx.stores.proposals.get(String(id)).expiryTimestamp)) {
    await deleteProposal(ctx, id)
    throw internalError('EXPIRED', `proposal id: ${id}`)
  }
}
