import * as v from '@pairwise/common/schema'
import { ParticipantSchema } from './common.js'

/** The CAIP-74 message fields a requester proposes and a CACAO's payload carries signed. */
const messageFields = {
  domain: v.string(),
  aud: v.string(),
  version: v.string(),
  nonce: v.string(),
  iat: v.string(),
  nbf: v.optional(v.string()),
  exp: v.optional(v.string()),
  statement: v.optional(v.string()),
  requestId: v.optional(v.string()),
  resources: v.optional(v.array(v.string())),
}

/** The partial CACAO a requester asks to be signed (CAIP-74 payload without `iss`). */
export const AuthPayloadSchema = v.object({
  type: v.optional(v.string()),
  chains: v.array(v.string()),
  ...messageFields,
  signatureTypes: v.optional(v.record(v.string(), v.array(v.string()))),
})
export type AuthPayload = v.infer<typeof AuthPayloadSchema>

/** What a proposal asks for besides the session: sign-ins, as payloads to sign, and wallet payments. */
export const ProposalRequestsSchema = v.object({
  authentication: v.optional(v.array(AuthPayloadSchema)),
  walletPay: v.optional(v.unknown()),
})

export const CacaoSchema = v.object({
  h: v.object({ t: v.string() }),
  p: v.object({ iss: v.string(), ...messageFields }),
  s: v.object({ t: v.string(), s: v.string(), m: v.optional(v.string()) }),
})
export type Cacao = v.infer<typeof CacaoSchema>

export const SessionAuthenticateParamsSchema = v.object({
  requester: ParticipantSchema,
  authPayload: AuthPayloadSchema,
  expiryTimestamp: v.int(),
})
export type SessionAuthenticateParams = v.infer<typeof SessionAuthenticateParamsSchema>

export const SessionAuthenticateResultSchema = v.object({
  cacaos: v.array(CacaoSchema),
  responder: ParticipantSchema,
})
export type SessionAuthenticateResult = v.infer<typeof SessionAuthenticateResultSchema>
