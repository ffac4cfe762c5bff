import * as z from 'zod/mini'
import type { VerifyResolver } from './resolve.js'

const AnswerSchema = z.object({ origin: z.string(), isScam: z.optional(z.boolean()) })

/**
 * A resolver for a verify service speaking the v2 attestation API: `GET <url>/attestation/<id>` answers
 * `{origin, isScam}`. Gives up after `timeoutMs` (5 s, as the official client) and treats any failure or
 * unexpected answer as "unknown".
 */
export function httpVerifyResolver(options: { url: string; timeoutMs?: number }): VerifyResolver {
  const base = options.url.replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? 5_000
  return async ({ attestationId, encryptedId }) => {
    const id = attestationId ?? encryptedId
    const response = await fetch(`${base}/attestation/${encodeURIComponent(id)}?v2Supported=true`, {
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (!response.ok) return undefined
    const parsed = AnswerSchema.safeParse(await response.json())
    return parsed.success ? parsed.data : undefined
  }
}
