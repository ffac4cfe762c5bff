import * as v from '@pairwise/common/schema'
import {
  CacaoSchema,
  ProposalRequestsSchema,
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

export const SessionProposeParamsSchema = v.object({
  relays: v.array(RelaySchema).check(v.minLength(1)),
  proposer: ParticipantSchema,
  requiredNamespaces: v._default(ProposalNamespacesSchema, {}),
  optionalNamespaces: v._default(ProposalNamespacesSchema, {}),
  sessionProperties: v.optional(PropertiesSchema),
  scopedProperties: v.optional(PropertiesSchema),
  expiryTimestamp: v.optional(v.int()),
  pairingTopic: v.optional(Hex32Schema),
  id: v.optional(v.int()),
  requests: v.optional(ProposalRequestsSchema),
})
export type SessionProposeParams = v.infer<typeof SessionProposeParamsSchema>

export const SessionProposeResultSchema = v.object({
  relay: RelaySchema,
  responderPublicKey: Hex32Schema,
})
export type SessionProposeResult = v.infer<typeof SessionProposeResultSchema>

export const SessionSettleParamsSchema = v.object({
  relay: RelaySchema,
  namespaces: SessionNamespacesSchema,
  controller: ParticipantSchema,
  expiry: v.int(),
  requiredNamespaces: v.optional(ProposalNamespacesSchema),
  optionalNamespaces: v.optional(ProposalNamespacesSchema),
  sessionProperties: v.optional(PropertiesSchema),
  scopedProperties: v.optional(PropertiesSchema),
  sessionConfig: v.optional(v.record(v.string(), v.unknown())),
  /** Answers to the proposal's `requests`: CACAOs for a sign-in asked for in `connect()`. */
  proposalRequestsResponses: v.optional(
    v.object({ authentication: v.optional(v.array(CacaoSchema)), walletPay: v.optional(v.unknown()) }),
  ),
})
export type SessionSettleParams = v.infer<typeof SessionSettleParamsSchema>

export const SessionUpdateParamsSchema = v.object({ namespaces: SessionNamespacesSchema })
export type SessionUpdateParams = v.infer<typeof SessionUpdateParamsSchema>

/**
 * The official client sends `{}` and the receiver resets the expiry itself; the spec adds `expiry`. Only the
 * table below reads it, so it is marked pure, as that table is, for a bundle to drop along with it.
 */
export const SessionExtendParamsSchema = /* @__PURE__ */ v.object({
  expiry: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.int()),
})
export type SessionExtendParams = v.infer<typeof SessionExtendParamsSchema>

export const SessionRequestParamsSchema = v.object({
  request: v.object({
    method: v.string().check(v.minLength(1)),
    params: v.unknown(),
    expiryTimestamp: v.optional(v.int()),
  }),
  chainId: v.string().check(v.minLength(1)),
})
export type SessionRequestParams = v.infer<typeof SessionRequestParamsSchema>

export const SessionEventParamsSchema = v.object({
  event: v.object({ name: v.string().check(v.minLength(1)), data: v.unknown() }),
  chainId: v.string().check(v.minLength(1)),
})
export type SessionEventParams = v.infer<typeof SessionEventParamsSchema>

export const SessionDeleteParamsSchema = ErrorResponseSchema
export type SessionDeleteParams = v.infer<typeof SessionDeleteParamsSchema>

// Read by the table below alone, and marked pure so a bundle drops them along with it.
export const EmptyParamsSchema = /* @__PURE__ */ v.object({})

const TrueSchema = /* @__PURE__ */ v.literal(true)

/**
 * Params and result schema per wc_ method, for validating what peers send. Its one call is marked pure so
 * a bundle that never reads the table can drop it.
 */
export const WcMethodSchemas = {
  wc_sessionPropose: { params: SessionProposeParamsSchema, result: SessionProposeResultSchema },
  wc_sessionSettle: { params: SessionSettleParamsSchema, result: TrueSchema },
  wc_sessionUpdate: { params: SessionUpdateParamsSchema, result: TrueSchema },
  wc_sessionExtend: { params: SessionExtendParamsSchema, result: TrueSchema },
  wc_sessionRequest: { params: SessionRequestParamsSchema, result: /* @__PURE__ */ v.unknown() },
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
export type WcParams<Method extends WcMethod> = v.infer<(typeof WcMethodSchemas)[Method]['params']>
export type WcResult<Method extends WcMethod> = v.infer<(typeof WcMethodSchemas)[Method]['result']>

export function isWcMethod(method: string): method is WcMethod {
  return Object.hasOwn(WcMethodSchemas, method)
}
