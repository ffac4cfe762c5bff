import type { EngineContext } from '../context.js'
import { internalError, sdkError } from '../errors.js'
import type { JsonRpcRequest } from '../jsonrpc/index.js'
import { checkConformingNamespaces, validateSessionNamespaces } from '../namespaces/index.js'
import { type SessionNamespaces, SessionUpdateParamsSchema } from '../schemas/index.js'
import { FIVE_MINUTES } from '../time.js'
import { refuse } from '../transport/refuse.js'
import { sendAndAwait, sendResult } from '../transport/send.js'
import type { Acknowledged, UpdateParams } from '../types.js'
import { assertParams, assertSessionTopic } from '../validate.js'
import { isStale, markApplied } from './lastApplied.js'

async function validateUpdate(
  ctx: EngineContext,
  topic: unknown,
  namespaces: unknown,
  call: string,
): Promise<SessionNamespaces> {
  await assertSessionTopic(ctx, topic)
  const session = ctx.stores.sessions.get(topic as string)
  const problem = validateSessionNamespaces(namespaces, call)
  if (problem) throw problem
  const parsed = SessionUpdateParamsSchema.safeParse({ namespaces })
  if (!parsed.success) throw internalError('MISSING_OR_INVALID', `${call} namespaces`)
  const conformance = checkConformingNamespaces(session.requiredNamespaces, parsed.data.namespaces, call)
  if (conformance) throw conformance
  return parsed.data.namespaces
}

/**
 * Wallet side: changes a session's namespaces. Only the controller may; the change applies locally at
 * once (so events on new chains can follow) and is rolled back if the publish fails.
 */
export async function update(ctx: EngineContext, params: UpdateParams): Promise<Acknowledged> {
  assertParams(params, 'update()')
  await validateUpdate(ctx, params.topic, params.namespaces, 'update()')
  const { topic, namespaces } = params
  const session = ctx.stores.sessions.get(topic)
  if (session.self.publicKey !== session.controller) throw sdkError('UNAUTHORIZED_UPDATE_REQUEST')
  const previous = session.namespaces
  await ctx.stores.sessions.update(topic, { namespaces })
  try {
    const { done } = await sendAndAwait<unknown>(ctx, {
      topic,
      method: 'wc_sessionUpdate',
      params: { namespaces },
      timeoutMs: FIVE_MINUTES * 1000,
      timeoutMessage: 'Session update request expired without receiving any acknowledgement',
    })
    return { acknowledged: async () => void (await done) }
  } catch (error) {
    if (ctx.stores.sessions.has(topic)) await ctx.stores.sessions.update(topic, { namespaces: previous })
    throw error
  }
}

/**
 * Dapp side: the controller changed the namespaces. An update no newer than the last one applied (by the
 * time in its id, kept in the session record) is refused with INVALID_UPDATE_REQUEST; updates from a
 * non-controller with UNAUTHORIZED_UPDATE_REQUEST.
 */
export async function onUpdateRequest(
  ctx: EngineContext,
  topic: string,
  payload: JsonRpcRequest,
): Promise<void> {
  const { id } = payload
  try {
    const raw = (payload.params as { namespaces?: unknown } | undefined)?.namespaces
    const namespaces = await validateUpdate(ctx, topic, raw, 'onSessionUpdateRequest()')
    const session = ctx.stores.sessions.get(topic)
    if (session.peer.publicKey !== session.controller) throw sdkError('UNAUTHORIZED_UPDATE_REQUEST')
    if (isStale(session, 'update', id)) throw sdkError('INVALID_UPDATE_REQUEST')
    await markApplied(ctx, topic, 'update', id, { namespaces })
    await sendResult(ctx, topic, 'wc_sessionUpdate', id, true)
    ctx.events.emit('session_update', { id, topic, params: { namespaces } })
  } catch (error) {
    await refuse(ctx, topic, 'wc_sessionUpdate', id, error)
  }
}
