import type { EngineContext } from '../context.js'
import { type ErrorResponse, toErrorResponse } from '../errors.js'
import type { PolicyKind } from './policies.js'
import { sendError } from './send.js'

/**
 * Answers a peer's request with the error that refused it, and logs the refusal with the method, so one
 * line serves every handler that refuses what a peer should not have sent.
 */
export async function refuse(
  ctx: EngineContext,
  topic: string,
  method: string,
  id: number,
  error: unknown,
  kind?: PolicyKind,
): Promise<ErrorResponse> {
  ctx.logger.error('refused a peer request', { topic, method, error: String(error) })
  const response = toErrorResponse(error)
  await sendError(ctx, topic, method, id, response, kind)
  return response
}
