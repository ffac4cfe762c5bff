import { z } from 'zod'
import { ParticipantSchema } from './common.js'

/** The partial CACAO a requester asks to be signed (CAIP-74 payload without `iss`). */
export const AuthPayloadSchema = z.object({
  type: z.string().optional(),
  chains: z.array(z.string()),
  domain: z.string(),
  aud: z.string(),
  version: z.string(),
  nonce: z.string(),
  iat: z.string(),
  nbf: z.string().optional(),
  exp: z.string().optional(),
  statement: z.string().optional(),
  requestId: z.string().optional(),
  resources: z.array(z.string()).optional(),
  signatureTypes: z.record(z.string(), z.array(z.string())).optional(),
})
export type AuthPayload = z.infer<typeof AuthPayloadSchema>

export const CacaoSchema = z.object({
  h: z.object({ t: z.string() }),
  p: z.object({
    iss: z.string(),
    domain: z.string(),
    aud: z.string(),
    version: z.string(),
    nonce: z.string(),
    iat: z.string(),
    nbf: z.string().optional(),
    exp: z.string().optional(),
    statement: z.string().optional(),
    requestId: z.string().optional(),
    resources: z.array(z.string()).optional(),
  }),
  s: z.object({ t: z.string(), s: z.string(), m: z.string().optional() }),
})
export type Cacao = z.infer<typeof CacaoSchema>

export const SessionAuthenticateParamsSchema = z.object({
  requester: ParticipantSchema,
  authPayload: AuthPayloadSchema,
  expiryTimestamp: z.number().int(),
})
export type SessionAuthenticateParams = z.infer<typeof SessionAuthenticateParamsSchema>

export const SessionAuthenticateResultSchema = z.object({
  cacaos: z.array(CacaoSchema),
  responder: ParticipantSchema,
})
export type SessionAuthenticateResult = z.infer<typeof SessionAuthenticateResultSchema>
