import type { Metadata, VerifyContext } from '../schemas/index.js'

export type VerifyQuery = {
  /**
   * The attestation the relay message carried, if any: a JWT the sender's verify server signed, as the
   * peer passed it on. Nothing in it is to be believed before its signature and `id` are checked.
   */
  attestationId: string | undefined
  /** sha256 of the encrypted message as received; a genuine attestation's `id` equals it. */
  encryptedId: string
  /** sha256 of the decrypted JSON-RPC request, computed here: what a v1 attestation lookup asks for. */
  hash: string
  /** The peer's metadata `verifyUrl`, or the configured one: shown in the context, never contacted. */
  verifyUrl: string
}

/** What a verify service says about where a message came from. */
export type VerifyAnswer = { origin: string; isScam?: boolean }

/** Asks a verify service; `undefined` when it knows nothing about the message. */
export type VerifyResolver = (query: VerifyQuery) => Promise<VerifyAnswer | undefined>

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

/**
 * The verify context of an incoming proposal, request or authenticate request. Without a resolver the
 * validation is UNKNOWN and nothing is fetched; a resolver's answer is VALID when its origin matches the
 * origin the peer claims in its metadata. A failing resolver leaves the context UNKNOWN.
 */
export async function resolveVerifyContext(params: {
  resolver: VerifyResolver | undefined
  verifyUrl: string | undefined
  metadata: Metadata
  attestationId: string | undefined
  encryptedId: string
  hash: string
  onError: (error: unknown) => void
}): Promise<VerifyContext> {
  const { resolver, metadata } = params
  const verifyUrl = metadata.verifyUrl ?? params.verifyUrl ?? ''
  const context: VerifyContext = { verified: { verifyUrl, validation: 'UNKNOWN', origin: metadata.url } }
  if (resolver === undefined) return context
  try {
    const answer = await resolver({
      attestationId: params.attestationId,
      encryptedId: params.encryptedId,
      hash: params.hash,
      verifyUrl,
    })
    if (answer === undefined) return context
    const claimed = originOf(metadata.url)
    context.verified.origin = answer.origin
    context.verified.validation = claimed !== undefined && answer.origin === claimed ? 'VALID' : 'INVALID'
    if (answer.isScam !== undefined) context.verified.isScam = answer.isScam
  } catch (error) {
    params.onError(error)
  }
  return context
}
