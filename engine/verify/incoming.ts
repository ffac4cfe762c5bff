import type { EngineContext } from '../context.js'
import type { IncomingRequest } from '../inbound/incomingRequest.js'
import { formatRequest } from '../jsonrpc/index.js'
import type { Metadata, VerifyContext } from '../schemas/index.js'
import { resolveVerifyContext } from './resolve.js'
import { sha256Hex } from './sha256Hex.js'

/**
 * The verify context of an incoming proposal, request or sign-in request from a peer claiming `metadata`.
 * The request's hash is taken over `{id, jsonrpc, method, params}` in that order, as the official sender
 * hashes what it registers.
 */
export async function verifyIncoming(
  ctx: EngineContext,
  incoming: IncomingRequest,
  metadata: Metadata,
): Promise<VerifyContext> {
  const { id, method, params } = incoming.payload
  const hash =
    ctx.verifyResolver === undefined
      ? ''
      : await sha256Hex(ctx.crypto, JSON.stringify(formatRequest(method, params, id)))
  return resolveVerifyContext({
    resolver: ctx.verifyResolver,
    verifyUrl: ctx.verifyUrl,
    metadata,
    attestationId: incoming.attestation ?? undefined,
    encryptedId: incoming.encryptedId,
    hash,
    onError: (error) => ctx.logger.warn('verify failed', { error: String(error) }),
  })
}
