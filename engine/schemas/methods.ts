import * as z from 'zod/mini'
import {
  AuthPayloadSchema,
  CacaoSchema,
  SessionAuthenticateParamsSchema,
  SessionAuthenticateResultSchema,
} from './auth.js'
import {
  ErrorResponseSchema,
  Hex32Schema,
  ParticipantSchema,
  PropertiesSchema,
  ProposalNamespacesSchema,
  RelaySchema,
  SessionNamespacesSchema,
} from './common.js'

// Params and results of every wc_ method peers exchange. Objects strip unknown keys: newer clients add
// fields we have no use for, and refusing them would break the session.

export const SessionProposeParamsSchema = z.object({
  relays: z.array(RelaySchema).check(z.minLength(1)),
  proposer: ParticipantSchema,
  requiredNamespaces: z._default(ProposalNamespacesSchema, {}),
  optionalNamespaces: z._default(ProposalNamespacesSchema, {}),
  sessionProperties: z.optional(PropertiesSchema),
  scopedProperties: z.optional(PropertiesSchema),
  expiryTimestamp: z.optional(z.int()),
  pairingTopic: z.optional(Hex32Schema),
  id: z.optional(z.int()),
  requests: z.optional(
    z.object({
      authentication: z.optional(z.array(AuthPayloadSchema)),
      walletPay: z.optional(z.unknown()),
    }),
  ),
})
export type SessionProposeParams = z.infer<typeof SessionProposeParamsSchema>

export const SessionProposeResultSchema = z.object({
  relay: RelaySchema,
  responderPublicKey: Hex32Schema,
})
export type SessionProposeResult = z.infer<typeof SessionProposeResultSchema>

export const SessionSettleParamsSchema = z.object({
  relay: RelaySchema,
  namespaces: SessionNamespacesSchema,
  controller: ParticipantSchema,
  expiry: z.int(),
  requiredNamespaces: z.optional(ProposalNamespacesSchema),
  optionalNamespaces: z.optional(ProposalNamespacesSchema),
  sessionProperties: z.optional(PropertiesSchema),
  scopedProperties: z.optional(PropertiesSchema),
  sessionConfig: z.optional(z.record(z.string(), z.unknown())),
  /** Answers to the proposal's `requests`: CACAOs for a sign-in asked for in `connect()`. */
  proposalRequestsResponses: z.optional(
    z.object({ authentication: z.optional(z.array(CacaoSchema)), walletPay: z.optional(z.unknown()) }),
  ),
})
export type SessionSettleParams = z.infer<typeof SessionSettleParamsSchema>

export const SessionUpdateParamsSchema = z.object({ namespaces: SessionNamespacesSchema })
export type SessionUpdateParams = z.infer<typeof SessionUpdateParamsSchema>

/** The official client sends `{}` and the receiver resets the expiry itself; the spec adds `expiry`. */
export const SessionExtendParamsSchema = z.object({ expiry: z.optional(z.int()) })
export type SessionExtendParams = z.infer<typeof SessionExtendParamsSchema>

export const SessionRequestParamsSchema = z.object({
  request: z.object({
    method: z.string().check(z.minLength(1)),
    params: z.unknown(),
    expiryTimestamp: z.optional(z.int()),
  }),
  chainId: z.string().check(z.minLength(1)),
})
export type SessionRequestParams = z.infer<typeof SessionRequestParamsSchema>

export const SessionEventParamsSchema = z.object({
  event: z.object({ name: z.string().check(z.minLength(1)), data: z.unknown() }),
  chainId: z.string().check(z.minLength(1)),
})
export type SessionEventParams = z.infer<typeof SessionEventParamsSchema>

export const SessionDeleteParamsSchema = ErrorResponseSchema
export type SessionDeleteParams = z.infer<typeof SessionDeleteParamsSchema>

export const EmptyParamsSchema = z.object({})

const TrueSchema = z.literal(true)

/** Params and result schema per wc_ method, for validating what peers send. */
export const WcMethodSchemas = {
  wc_sessionPropose: { params: SessionProposeParamsSchema, result: SessionProposeResultSchema },
  wc_sessionSettle: { params: SessionSettleParamsSchema, result: TrueSchema },
  wc_sessionUpdate: { params: SessionUpdateParamsSchema, result: TrueSchema },
  wc_sessionExtend: { params: SessionExtendParamsSchema, result: TrueSchema },
  wc_sessionRequest: { params: SessionRequestParamsSchema, result: z.unknown() },
  wc_sessionEvent: { params: SessionEventParamsSchema, result: TrueSchema },
  wc_sessionDelete: { params: SessionDeleteParamsSchema, result: TrueSchema },
  wc_sessionPing: { params: EmptyParamsSchema, result: TrueSchema },
  wc_sessionAuthenticate: {
    params: SessionAuthenticateParamsSchema,
    result: SessionAuthenticateResultSchema,
  },
  wc_pairingPing: { params: EmptyParamsSchema, result: TrueSchema },
  wc_pairingDelete: { params: SessionDeleteParamsSchema, result: TrueSchema },
} as const

export type WcMethod = keyof typeof WcMethodSchemas
export type WcParams<Method extends WcMethod> = z.infer<(typeof WcMethodSchemas)[Method]['params']>
export type WcResult<Method extends WcMethod> = z.infer<(typeof WcMethodSchemas)[Method]['result']>

export function isWcMethod(method: string): method is WcMethod {
  return Object.hasOwn(WcMethodSchemas, method)
}
