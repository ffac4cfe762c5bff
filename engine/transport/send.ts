import { unrefTimer } from '@pairwise/common'
import type { EngineContext } from '../context.js'
import { type ErrorResponse, SignClientError } from '../errors.js'
import {
  formatError,
  formatRequest,
  formatResult,
  type JsonRpcResponse,
  payloadId,
} from '../jsonrpc/index.js'
import { linkModeTarget } from '../linkMode/target.js'
import { formatLinkModeUrl, type LinkModeMessage } from '../linkMode/url.js'
import { calcExpiry, isExpired } from '../time.js'
import { takeAnswer } from './answerBudget.js'
import { sealForTopic } from './keys.js'
import { type PolicyKind, publishPolicy } from './policies.js'

export type SendRequestParams = {
  topic: string
  method: string
  params: unknown
  id?: number
  /** Relay TTL in seconds, when it must differ from the method's (session requests with an expiry). */
  ttl?: number
}

/** Methods peers never answer (the official clients send nothing back), so nothing waits for them. */
const UNANSWERED_METHODS = new Set(['wc_sessionEvent', 'wc_sessionDelete', 'wc_pairingDelete'])

// A ping handed back to us is only answered, yet lives a day on the relay: apps that ping every minute
// would keep 1,440 records a day for nothing, so an answered ping is forgotten as before.
const FORGOTTEN_ONCE_ANSWERED = new Set(['wc_sessionPing', 'wc_pairingPing'])

/** Whether our request of `method` stays in the history after its answer, until its relay TTL ends. */
export const keptOnceAnswered = (method: string) => !FORGOTTEN_ONCE_ANSWERED.has(method)

/**
 * A request id: the time-based id peers expect, but never one this client already used. Three random
 * digits alone collide among requests sent in the same millisecond, and then an answer would settle the
 * wrong call.
 */
export function newPayloadId(ctx: Pick<EngineContext, 'clock' | 'lastPayloadId'>): number {
  const id = Math.max(payloadId(ctx.clock.now()), ctx.lastPayloadId + 1)
  ctx.lastPayloadId = id
  return id
}

/**
 * Encrypts and publishes a request, remembering it so the answer can be routed to its method and the request
 * itself, handed back, is never taken as the peer's. Resolves with the request id once the relay accepted it.
 */
export async function sendRequest(ctx: EngineContext, params: SendRequestParams): Promise<number> {
  const id = params.id ?? newPayloadId(ctx)
  const payload = formatRequest(params.method, params.params, id)
  const link = linkModeTarget(ctx, params.topic, params.method)
  const message = sealForTopic(ctx, params.topic, payload, link === undefined ? 'base64' : 'base64url')
  const policy = publishPolicy(params.method, 'request')
  const ttl = params.ttl ?? policy.ttl
  await pruneHistory(ctx)
  await ctx.stores.history.set(String(id), {
    id,
    topic: params.topic,
    method: params.method,
    expiry: calcExpiry(ctx.clock, ttl),
    ...(UNANSWERED_METHODS.has(params.method) ? { answered: true } : {}),
  })
  if (link !== undefined) {
    // A link has no room for a verify attestation, so nothing is registered for it.
    await openLinkModeUrl(ctx, link, { topic: params.topic, envelope: message })
    return id
  }
  const attestation = await ctx.verifyRegistrar?.({ payload, message })
  await publishSealed(ctx, { ...params, message, kind: 'request', id, ttl, attestation })
  return id
}

/** Forgets requests whose answer can no longer arrive: the relay has dropped them by now. */
async function pruneHistory(ctx: EngineContext): Promise<void> {
  for (const record of ctx.stores.history.getAll()) {
    if (isExpired(ctx.clock, record.expiry)) await ctx.stores.history.delete(String(record.id))
  }
}

export type SendResponseParams = {
  topic: string
  /** The method being answered: it picks the response's tag and TTL. */
  method: string
  response: JsonRpcResponse
  kind?: PolicyKind
}

export function sendResponse(ctx: EngineContext, params: SendResponseParams): Promise<void> {
  const link = linkModeTarget(ctx, params.topic, params.method)
  const message = sealForTopic(
    ctx,
    params.topic,
    params.response,
    link === undefined ? 'base64' : 'base64url',
  )
  if (link !== undefined) return openLinkModeUrl(ctx, link, { topic: params.topic, envelope: message })
  return publishSealed(ctx, { ...params, message, id: params.response.id })
}

async function openLinkModeUrl(ctx: EngineContext, link: string, message: LinkModeMessage): Promise<void> {
  await ctx.linkMode?.openUrl(formatLinkModeUrl(link, message))
}

/**
 * Publishes an already sealed message with the tag and TTL of one side of a method (a TTL of its own
 * where given).
 */
export async function publishSealed(
  ctx: EngineContext,
  params: {
    topic: string
    message: string
    method: string
    kind?: PolicyKind
    id: number
    ttl?: number
    attestation?: string
  },
): Promise<void> {
  const policy = publishPolicy(params.method, params.kind ?? 'response')
  await ctx.relay.publish({
    topic: params.topic,
    message: params.message,
    ttl: params.ttl ?? policy.ttl,
    tag: policy.tag,
    prompt: policy.prompt,
    correlationId: params.id,
    // An undefined attestation stays off the wire: frames are JSON.
    attestation: params.attestation,
  })
}

/**
 * The engine's own answer to a peer's request, given with no user in the loop (a ping's, an extend's), as
 * long as the topic's budget lasts (transport/answerBudget.ts); past it, none.
 */
export async function sendResult(
  ctx: EngineContext,
  topic: string,
  method: string,
  id: number,
  result: unknown,
): Promise<void> {
  if (takeAnswer(ctx, topic)) await sendResponse(ctx, { topic, method, response: formatResult(id, result) })
}

/** The engine's own refusal of a peer's request, within the topic's budget as `sendResult`. */
export async function sendError(
  ctx: EngineContext,
  topic: string,
  method: string,
  id: number,
  error: ErrorResponse,
  kind?: PolicyKind,
): Promise<void> {
  if (takeAnswer(ctx, topic))
    await sendResponse(ctx, { topic, method, response: formatError(id, error), kind })
}

/**
 * Waits for the peer's answer to request `id`: its result, or its error as a SignClientError. Register
 * before publishing, so an answer that races the publish acknowledgement is not missed.
 */
export function awaitResponse<T>(
  ctx: EngineContext,
  id: number,
  timeoutMs: number,
  timeoutMessage: string,
): { done: Promise<T>; cancel: (error: unknown) => void } {
  let cancel: (error: unknown) => void = () => {}
  const done = new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      ctx.calls.stopAwaiting(id)
      reject(new SignClientError({ code: 0, message: timeoutMessage }))
    }, timeoutMs)
    unrefTimer(timer)
    ctx.timers.add(timer)
    const finish = (): void => {
      clearTimeout(timer)
      ctx.timers.delete(timer)
      ctx.calls.stopAwaiting(id)
    }
    cancel = (error) => {
      finish()
      reject(error)
    }
    ctx.calls.awaitAnswer(id, (response) => {
      finish()
      if ('error' in response) reject(new SignClientError(response.error))
      else resolve(response.result as T)
    })
  })
  return { done, cancel }
}

/**
 * Sends a request and returns its id and a promise of the peer's answer. A failed publish rejects the
 * call itself, and the answer promise is settled with the same error so nothing dangles.
 */
export async function sendAndAwait<T>(
  ctx: EngineContext,
  params: SendRequestParams & { timeoutMs: number; timeoutMessage: string },
): Promise<{ id: number; done: Promise<T> }> {
  const id = params.id ?? newPayloadId(ctx)
  const waiter = awaitResponse<T>(ctx, id, params.timeoutMs, params.timeoutMessage)
  waiter.done.catch(() => {})
  try {
    await sendRequest(ctx, { ...params, id })
  } catch (error) {
    waiter.cancel(error)
    throw error
  }
  return { id, done: waiter.done }
}
