import { SignMethodPolicies } from '@pairwise/relay'
import type { EngineContext } from '../context.js'
import { calcExpiry } from '../time.js'
import { sendAndAwait } from '../transport/send.js'
import type { RequestParams } from '../types.js'
import { assertParams, assertSessionTopic } from '../validate.js'
import { assertRequestAllowed, assertRequestExpiry } from './checks.js'

/** Seconds a wallet has to answer when the dapp names none: the relay's lifetime of the request (CONST-30). */
export const SESSION_REQUEST_EXPIRY = SignMethodPolicies.wc_sessionRequest.request.ttl

/**
 * Dapp side: sends a CAIP-27 request over a session and resolves with the wallet's result (or rejects
 * with its error). The relay keeps the message for as long as the wallet may answer.
 */
export async function request<T = unknown>(ctx: EngineContext, params: RequestParams): Promise<T> {
  assertParams(params, 'request()')
  await assertSessionTopic(ctx, params.topic)
  assertRequestAllowed(ctx, params.topic, params.chainId, params.request, 'request()')
  assertRequestExpiry(params.expiry)
  const { topic, chainId } = params
  const expiry = params.expiry ?? SESSION_REQUEST_EXPIRY
  const requestParams = {
    request: { ...params.request, expiryTimestamp: calcExpiry(ctx.clock, expiry) },
    chainId,
  }
  const { id, done } = await sendAndAwait<T>(ctx, {
    topic,
    method: 'wc_sessionRequest',
    params: requestParams,
    ttl: expiry,
    timeoutMs: expiry * 1000,
    timeoutMessage: 'Request expired. Please try again.',
  })
  ctx.events.emit('session_request_sent', { id, topic, chainId, request: params.request })
  return done
}
