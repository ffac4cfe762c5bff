import * as z from 'zod/mini'
import { ParticipantSchema } from './common.js'

/** The CAIP-74 message fields a requester proposes and a CACAO's payload carries signed. */
const messageFields = {
  domain: z.string(),
  aud: z.string(),
  version: z.string(),
  nonce: z.string(),
  iat: z.string(),
  nbf: z.optional(z.string()),
  exp: z.optional(z.string()),
  statement: z.optional(z.string()),
  requestId: z.optional(z.string()),
  resources: z.optional(z.array(z.string())),
}

/** The partial CACAO a requester asks to be signed (CAIP-74 payload without `iss`). */
export const AuthPayloadSchema = z.object({
  type: z.optional(z.string()),
  chains: z.array(z.string()),
  ...messageFields,
  signatureTypes: z.optional(z.record(z.string(), z.array(z.string()))),
})
export type AuthPayload = z.infer<typeof AuthPayloadSchema>

export const CacaoSchema = z.object({
  h: z.object({ t: z.string() }),
  p: z.object({ iss: z.string(), ...messageFields }),
  s: z.object({ t: z.string(), s: z.string(), m: z.optional(z.string()) }),
})
export type Cacao = z.infer<typeof CacaoSchema>

export const SessionAuthenticateParamsSchema = z.object({
  requester: ParticipantSchema,
  authPayload: AuthPayloadSchema,
  expiryTimestamp: z.int(),
})
export type SessionAuthenticateParams = z.infer<typeof SessionAuthenticateParamsSchema>

export const SessionAuthenticateResultSchema = z.object({
  cacaos: z.array(CacaoSchema),
  responder: ParticipantSchema,
})
export type SessionAuthenticateResult = z.infer<typeof SessionAuthenticateResultSchema>
