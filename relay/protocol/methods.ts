import * as z from 'zod/mini'

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
export const TopicSchema = z.string().check(z.regex(TOPIC_PATTERN, 'a topic is 64 lowercase hex digits'))
/** The opaque envelope (base64 on the relay). The relay never decodes it. */
export const MessageSchema = z.string().check(z.minLength(1, 'the message is empty'))
export const TtlSchema = z.int().check(z.positive())
export const TagSchema = z.int().check(z.nonnegative())

// Param objects use z.object, which accepts and drops unknown keys: clients merge their analytics
// fields (rpcMethods, chainId, txHashes, …) flat into the params, and refusing them breaks publish.
// Fields the relay only passes along or ignores are read with `z.catch(…, undefined)`: a client that sends
// an odd value there must not lose its whole call over it.

/** `undefined` on Node clients (the key is dropped from the JSON); a JWT string in browsers. */
export const AttestationSchema = z.catch(z.nullish(z.string()), undefined)
export const CorrelationIdSchema = z.catch(z.optional(z.union([z.number(), z.string()])), undefined)
const ignoredStrings = z.catch(z.optional(z.array(z.string())), undefined)
const ignoredRecord = z.catch(z.optional(z.record(z.string(), z.unknown())), undefined)

export const PublishParamsSchema = z.object({
  topic: TopicSchema,
  message: MessageSchema,
  ttl: TtlSchema,
  tag: z.optional(TagSchema),
  prompt: z.optional(z.boolean()),
  attestation: AttestationSchema,
  correlationId: CorrelationIdSchema,
})
export type PublishParams = z.infer<typeof PublishParamsSchema>

export const BatchPublishParamsSchema = z.object({ messages: z.array(PublishParamsSchema) })
export type BatchPublishParams = z.infer<typeof BatchPublishParamsSchema>

export const SubscribeParamsSchema = z.object({ topic: TopicSchema })
export type SubscribeParams = z.infer<typeof SubscribeParamsSchema>

export const BatchSubscribeParamsSchema = z.object({ topics: z.array(TopicSchema) })
export type BatchSubscribeParams = z.infer<typeof BatchSubscribeParamsSchema>

/** `id` is the subscription id the client computed; the relay keys subscriptions by topic alone. */
export const UnsubscribeParamsSchema = z.object({ topic: TopicSchema, id: z.optional(z.string()) })
export type UnsubscribeParams = z.infer<typeof UnsubscribeParamsSchema>

export const BatchUnsubscribeParamsSchema = z.object({ subscriptions: z.array(UnsubscribeParamsSchema) })
export type BatchUnsubscribeParams = z.infer<typeof BatchUnsubscribeParamsSchema>

export const FetchMessagesParamsSchema = z.object({ topic: TopicSchema })
export type FetchMessagesParams = z.infer<typeof FetchMessagesParamsSchema>

export const BatchFetchMessagesParamsSchema = z.object({ topics: z.array(TopicSchema) })
export type BatchFetchMessagesParams = z.infer<typeof BatchFetchMessagesParamsSchema>

/**
 * Sign 2.5 (clients ≥ 2.21.6): the dapp hands the relay its proposal instead of publishing it. The
 * relay assigns tag and TTL itself, so `ttl` is informational.
 */
export const ProposeSessionParamsSchema = z.object({
  pairingTopic: TopicSchema,
  sessionProposal: MessageSchema,
  ttl: z.catch(z.optional(TtlSchema), undefined),
  attestation: AttestationSchema,
  correlationId: CorrelationIdSchema,
})
export type ProposeSessionParams = z.infer<typeof ProposeSessionParamsSchema>

/** Sign 2.5: the wallet's proposal response and settle request in one call. */
export const ApproveSessionParamsSchema = z.object({
  sessionTopic: TopicSchema,
  pairingTopic: TopicSchema,
  sessionProposalResponse: MessageSchema,
  sessionSettlementRequest: MessageSchema,
  ttl: z.catch(z.optional(TtlSchema), undefined),
  attestation: AttestationSchema,
  correlationId: CorrelationIdSchema,
  approvedChains: ignoredStrings,
  approvedMethods: ignoredStrings,
  approvedEvents: ignoredStrings,
  sessionProperties: ignoredRecord,
  scopedProperties: ignoredRecord,
})
export type ApproveSessionParams = z.infer<typeof ApproveSessionParamsSchema>

/** What a subscriber receives; the same shape is returned by the fetch methods. */
export const ReceivedMessageSchema = z.object({
  topic: TopicSchema,
  message: MessageSchema,
  publishedAt: z.int().check(z.nonnegative()),
  tag: TagSchema,
  attestation: AttestationSchema,
})
export type ReceivedMessage = z.infer<typeof ReceivedMessageSchema>

/** relay→client. Clients read `data` and ack with `{id, result: true}`; none checks `params.id`. */
export const SubscriptionParamsSchema = z.object({ id: z.string(), data: ReceivedMessageSchema })
export type SubscriptionParams = z.infer<typeof SubscriptionParamsSchema>

export const PublishResultSchema = z.literal(true)
export const SubscribeResultSchema = z.string()
export const BatchSubscribeResultSchema = z.array(z.string())
export const UnsubscribeResultSchema = z.literal(true)
export const FetchMessagesResultSchema = z.object({
  messages: z.array(ReceivedMessageSchema),
  hasMore: z.boolean(),
})
export type FetchMessagesResult = z.infer<typeof FetchMessagesResultSchema>
/**
 * Our relay answers the Sign 2.5 calls with `true`; the official clients only check that they did not
 * fail, so a client talking to another relay should not insist on the value either.
 */
export const SessionCallResultSchema = z.unknown()

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
export type ClientMethodParams<Method extends ClientMethod> = z.infer<(typeof RelayParamsSchemas)[Method]>

/** Result schema per client→relay method, for clients that validate what the relay answers. */
export const RelayResultSchemas = {
  [RelayMethod.publish]: PublishResultSchema,
  [RelayMethod.batchPublish]: PublishResultSchema,
  [RelayMethod.subscribe]: SubscribeResultSchema,
  [RelayMethod.batchSubscribe]: BatchSubscribeResultSchema,
  [RelayMethod.unsubscribe]: UnsubscribeResultSchema,
  [RelayMethod.batchUnsubscribe]: UnsubscribeResultSchema,
  [RelayMethod.fetchMessages]: FetchMessagesResultSchema,
  [RelayMethod.batchFetchMessages]: FetchMessagesResultSchema,
  [RelayMethod.proposeSession]: SessionCallResultSchema,
  [RelayMethod.approveSession]: SessionCallResultSchema,
} as const
export type ClientMethodResult<Method extends ClientMethod> = z.infer<(typeof RelayResultSchemas)[Method]>

export function isClientMethod(method: string): method is ClientMethod {
  return Object.hasOwn(RelayParamsSchemas, method)
}
