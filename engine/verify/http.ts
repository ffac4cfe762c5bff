import * as v from '@pairwise/common/schema'
import { decodeJwtPayload, type P256PublicJwk, verifyEs256Jwt } from '@pairwise/crypto'
import type { VerifyAnswer, VerifyResolver } from './resolve.js'
import { VerifyKey } from './verifyKey.js'

/** What a verify server signs into an attestation (`exp` in unix seconds). */
const AttestationSchema = v.object({
  id: v.string(),
  origin: v.string(),
  isScam: v.optional(v.nullable(v.boolean())),
  isVerified: v.boolean(),
  exp: v.number(),
})
type Attestation = v.infer<typeof AttestationSchema>

/** The v1 lookup's answer, `GET <url>/attestation/<hash>`: unsigned, trusted as the server's word. */
const LookupSchema = v.object({ origin: v.string(), isScam: v.optional(v.nullable(v.boolean())) })

export type HttpVerifyResolverOptions = {
  /** The verify server; the only host this resolver contacts, whatever a peer's metadata names. */
  url: string
  /** Each request gives up after this long (5 s, as the official client). */
  timeoutMs?: number
  /** Unix milliseconds, for attestation and key expiry; `Date.now` by default. */
  now?: () => number
}

function answerOf(source: { origin: string; isScam?: boolean | null | undefined }): VerifyAnswer {
  return source.isScam === undefined || source.isScam === null
    ? { origin: source.origin }
    : { origin: source.origin, isScam: source.isScam }
}

function claimsOf(token: string): Attestation | undefined {
  try {
    const parsed = AttestationSchema.safeParse(decodeJwtPayload(token))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/**
 * A resolver for a verify server as the official client uses one. An attestation the relay message
 * carries counts only when it is about this very message (its `id` is the sha256 of the encrypted
 * message as received), is signed (ES256) by the server's published key, has not expired, and says the
 * origin is verified. A claim about another message, or an unverified origin, leaves the context
 * UNKNOWN; with no attestation, or one that does not check out, the server is asked about the hash of
 * the decrypted request, which we computed ourselves. A peer's own attestation id is never looked up.
 */
export function httpVerifyResolver(options: HttpVerifyResolverOptions): VerifyResolver {
  const base = options.url.replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? 5_000
  const now = options.now ?? Date.now
  const getJson = async (path: string): Promise<unknown> => {
    const response = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(timeoutMs) })
    return response.status === 200 ? response.json() : undefined
  }
  const key = new VerifyKey(() => getJson('/v3/public-key'), now)

  const check = async (token: string, jwk: P256PublicJwk | undefined): Promise<Attestation | undefined> => {
    if (jwk === undefined) return undefined
    try {
      const parsed = AttestationSchema.safeParse(await verifyEs256Jwt(token, jwk))
      return parsed.success && parsed.data.exp * 1000 >= now() ? parsed.data : undefined
    } catch {
      return undefined
    }
  }

  return async ({ attestationId, encryptedId, hash }) => {
    if (attestationId === '') return undefined
    if (attestationId !== undefined) {
      if (claimsOf(attestationId)?.id !== encryptedId) return undefined
      const attestation =
        (await check(attestationId, await key.current())) ?? (await check(attestationId, await key.refetch()))
      if (attestation !== undefined) return attestation.isVerified ? answerOf(attestation) : undefined
    }
    const found = LookupSchema.safeParse(
      await getJson(`/attestation/${encodeURIComponent(hash)}?v2Supported=true`),
    )
    return found.success ? answerOf(found.data) : undefined
  }
}
