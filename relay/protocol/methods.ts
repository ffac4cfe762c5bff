import * as v from '@pairwise/common/schema'

/** Every relay method name on the wire, client→relay and relay→client. */
export const RelayMethod = {
  publish: 'irn_publish',
  batchPublish: 'irn_batchPublish',
  subscribe: 'irn_subscribe',
  batchSubscribe: 'irn_batchSubscribe',
  unsubscribe: 'irn_unsubscribe',
  batchUnsubscribe: 'irn_batchUnsubscribe',
  fetchMessages: 'irn_fetchMessages',
  batchFetchMessages: 'irn_batchFetchMessages',
  proposeSession: 'wc_proposeSession',
  approveSession: 'wc_approveSession',
  subscription: 'irn_subscription',
} as const
export type RelayMethod = (typeof RelayMethod)[keyof typeof RelayMethod]

/** A topic is sha256 of a key, as 64 lowercase hex digits. Checked so it can key any store safely. */
export const TOPIC_PATTERN = /^[0-9a-f]{64}$/
export const TopicSchema = v.string().check(v.regex(TOPIC_PATTERN, 'a topic is 64 lowercase hex digits'))
/** The opaque envelope (base64 on the relay). The relay never decodes it. */
export const MessageSchema = v.string().check(v.minLength(1, 'the message is empty'))
export const TtlSchema = v.int().check(v.positive())
export const TagSchema = v.int().check(v.nonnegative())

// Param objects use `v.object`, which accepts and drops unknown keys: clients merge their analytics
// fields (rpcMethods, chainId, txHashes, …) flat into the params, and refusing them breaks publish.
// Fields the relay only passes along or ignores are read with `v.catch(…, undefined)`: a client that sends
// an odd value there must not lose its whole call over it.

/** `undefined` on Node clients (the key is dropped from the JSON); a JWT string in browsers. */
export const AttestationSchema = v.catch(v.nullish(v.string()), undefined)
export const CorrelationIdSchema = v.catch(v.optional(v.union([v.number(), v.string()])), undefined)
const ignoredStrings = v.catch(v.optional(v.array(v.string())), undefined)
const ignoredRecord = v.catch(v.optional(v.record(v.string(), v.unknown())), undefined)

export const PublishParamsSchema = v.object({
  topic: TopicSchema,
  message: MessageSchema,
  ttl: TtlSchema,
  tag: v.optional(TagSchema),
  prompt: v.optional(v.boolean()),
  attestation: AttestationSchema,
  correlationId: CorrelationIdSchema,
})
export type PublishParams = v.infer<typeof PublishParamsSchema>

export const BatchPublishParamsSchema = v.object({ messages: v.array(PublishParamsSchema) })
export type BatchPublishParams = v.infer<typeof BatchPublishParamsSchema>

export const SubscribeParamsSchema = v.object({ topic: TopicSchema })
export type SubscribeParams = v.infer<typeof SubscribeParamsSchema>

export const BatchSubscribeParamsSchema = v.object({ topics: v.array(TopicSchema) })
export type BatchSubscribeParams = v.infer<typeof BatchSubscribeParamsSchema>

/** `id` is the subscription id the client computed; the relay keys subscriptions by topic alone. */
export const UnsubscribeParamsSchema = v.object({ topic: TopicSchema, id: v.optional(v.string()) })
export type UnsubscribeParams = v.infer<typeof UnsubscribeParamsSchema>

export const BatchUnsubscribeParamsSchema = v.object({ subscriptions: v.array(UnsubscribeParamsSchema) })
export type BatchUnsubscribeParams = v.infer<typeof BatchUnsubscribeParamsSchema>

export const FetchMessagesParamsSchema = v.object({ topic: TopicSchema })
export type FetchMessagesParams = v.infer<typeof FetchMessagesParamsSchema>

export const BatchFetchMessagesParamsSchema = v.object({ topics: v.array(TopicSchema) })
export type BatchFetchMessagesParams = v.infer<typeof BatchFetchMessagesParamsSchema>

/**
 * Sign 2.5 (clients ≥ 2.21.6): the dapp hands the relay its proposal instead of publishing it. The
 * relay assigns tag and TTL itself, so `ttl` is informational.
 */
export const ProposeSessionParamsSchema = v.object({
  pairingTopic: TopicSchema,
  sessionProposal: MessageSchema,
  ttl: v.catch(v.optional(TtlSchema), undefined),
  attestation: AttestationSchema,
  correlationId: CorrelationIdSchema,
})
export type ProposeSessionParams = v.infer<typeof ProposeSessionParamsSchema>

/** Sign 2.5: the wallet's proposal response and settle request in one call. */
export const ApproveSessionParamsSchema = v.object({
  sessionTopic: TopicSchema,
  pairingTopic: TopicSchema,
  sessionProposalResponse: MessageSchema,
  sessionSettlementRequest: MessageSchema,
  ttl: v.catch(v.optional(TtlSchema), undefined),
  attestation: AttestationSchema,
  correlationId: CorrelationIdSchema,
  approvedChains: ignoredStrings,
  approvedMethods: ignoredStrings,
  approvedEvents: ignoredStrings,
  sessionProperties: ignoredRecord,
  scopedProperties: ignoredRecord,
})
export type ApproveSessionParams = v.infer<typeof ApproveSessionParamsSchema>

/** What a subscriber receives; the same shape is returned by the fetch methods. */
export const ReceivedMessageSchema = v.object({
  topic: TopicSchema,
  message: MessageSchema,
  publishedAt: v.int().check(v.nonnegative()),
  tag: TagSchema,
  attestation: AttestationSchema,
})
export type ReceivedMessage = v.infer<typeof ReceivedMessageSchema>

/** relay→client. Clients read `data` and ack with `{id, result: true}`; none checks `params.id`. */
export const SubscriptionParamsSchema = v.object({ id: v.string(), data: ReceivedMessageSchema })
export type SubscriptionParams = v.infer<typeof SubscriptionParamsSchema>

export const PublishResultSchema = v.literal(true)
export const SubscribeResultSchema = v.string()
export const BatchSubscribeResultSchema = v.array(v.string())
export const UnsubscribeResultSchema = v.literal(true)
export const FetchMessagesResultSchema = v.object({
  messages: v.array(ReceivedMessageSchema),
  hasMore: v.boolean(),
})
export type FetchMessagesResult = v.infer<typeof FetchMessagesResultSchema>
/**
 * Our relay answers the Sign 2.5 calls with `true`; the official clients only check that they did not
 * fail, so a client talking to another relay should not insist on the value either.
 */
export const SessionCallResultSchema = v.unknown()

/** Params schema per client→relay method, for dispatch and for clients that validate what they send. */
export const RelayParamsSchemas = {
  [RelayMethod.publish]: PublishParamsSchema,
  [RelayMethod.batchPublish]: BatchPublishParamsSchema,
  [RelayMethod.subscribe]: SubscribeParamsSchema,
  [RelayMethod.batchSubscribe]: BatchSubscribeParamsSchema,
  [RelayMethod.unsubscribe]: UnsubscribeParamsSchema,
  [RelayMethod.batchUnsubscribe]: BatchUnsubscribeParamsSchema,
  [RelayMethod.fetchMessages]: FetchMessagesParamsSchema,
  [RelayMethod.batchFetchMessages]: BatchFetchMessagesParamsSchema,
  [RelayMethod.proposeSession]: ProposeSessionParamsSchema,
  [RelayMethod.approveSession]: ApproveSessionParamsSchema,
} as const
export type ClientMethod = keyof typeof RelayParamsSchemas
export type ClientMethodParams<Method extends ClientMethod> = v.infer<(typeof RelayParamsSchemas)[Method]>

/**
 * Result schema per client→relay method, for clients that validate what the relay answers. Its keys are
 * literals (checked against `ClientMethod`) so that a bundle that never reads it can drop it.
 */
export const RelayResultSchemas = {
  irn_publish: PublishResultSchema,
  irn_batchPublish: PublishResultSchema,
  irn_subscribe: SubscribeResultSchema,
  irn_batchSubscribe: BatchSubscribeResultSchema,
  irn_unsubscribe: UnsubscribeResultSchema,
  irn_batchUnsubscribe: UnsubscribeResultSchema,
  irn_fetchMessages: FetchMessagesResultSchema,
  irn_batchFetchMessages: FetchMessagesResultSchema,
  wc_proposeSession: SessionCallResultSchema,
  wc_approveSession: SessionCallResultSchema,
} as const satisfies Record<ClientMethod, v.Schema<unknown>>
export type ClientMethodResult<Method extends ClientMethod> = v.infer<(typeof RelayResultSchemas)[Method]>

export function isClientMethod(method: string): method is ClientMethod {
  return Object.hasOwn(RelayParamsSchemas, method)
}
