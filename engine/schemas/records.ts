import * as z from 'zod/mini'
import { AuthPayloadSchema, CacaoSchema } from './auth.js'
import {
  Hex32Schema,
  PropertiesSchema,
  ProposalNamespacesSchema,
  RelaySchema,
  SessionNamespacesSchema,
  StoredMetadataSchema,
  StoredParticipantSchema,
  VerifyContextSchema,
} from './common.js'
import { SessionRequestParamsSchema } from './methods.js'

// What the engine persists. Each store validates its entries on load with these, so a corrupt or
// foreign entry is reported and dropped instead of crashing the client.

export const KeychainEntrySchema = z.object({
  tag: z.string().check(z.minLength(1)),
  key: z.string().check(z.regex(/^[0-9a-f]+$/)),
})
export type KeychainEntry = z.infer<typeof KeychainEntrySchema>

export const PairingSchema = z.object({
  topic: Hex32Schema,
  expiry: z.int(),
  relay: RelaySchema,
  active: z.boolean(),
  methods: z.optional(z.array(z.string())),
  peerMetadata: z.optional(StoredMetadataSchema),
})
export type Pairing = z.infer<typeof PairingSchema>

export const ProposalSchema = z.object({
  id: z.int(),
  pairingTopic: Hex32Schema,
  expiryTimestamp: z.int(),
  relays: z.array(RelaySchema),
  proposer: StoredParticipantSchema,
  requiredNamespaces: ProposalNamespacesSchema,
  optionalNamespaces: ProposalNamespacesSchema,
  sessionProperties: z.optional(PropertiesSchema),
  scopedProperties: z.optional(PropertiesSchema),
  attestation: z.optional(z.string()),
  encryptedId: z.optional(z.string()),
  requests: z.optional(
    z.object({ authentication: z.optional(z.array(AuthPayloadSchema)), walletPay: z.optional(z.unknown()) }),
  ),
})
export type Proposal = z.infer<typeof ProposalSchema>

export const SessionSchema = z.object({
  topic: Hex32Schema,
  pairingTopic: z.string(),
  relay: RelaySchema,
  expiry: z.int(),
  acknowledged: z.boolean(),
  controller: Hex32Schema,
  namespaces: SessionNamespacesSchema,
  requiredNamespaces: ProposalNamespacesSchema,
  optionalNamespaces: ProposalNamespacesSchema,
  sessionProperties: z.optional(PropertiesSchema),
  scopedProperties: z.optional(PropertiesSchema),
  sessionConfig: z.optional(z.record(z.string(), z.unknown())),
  self: StoredParticipantSchema,
  peer: StoredParticipantSchema,
  transportType: z.optional(z.enum(['relay', 'link_mode'])),
  authentication: z.optional(z.array(CacaoSchema)),
})
export type Session = z.infer<typeof SessionSchema>

export const PendingRequestSchema = z.object({
  id: z.int(),
  topic: Hex32Schema,
  params: SessionRequestParamsSchema,
  verifyContext: VerifyContextSchema,
})
export type PendingRequest = z.infer<typeof PendingRequestSchema>

/** A request we sent and still expect an answer to; the answer's id finds its method here. */
export const HistoryRecordSchema = z.object({
  id: z.int(),
  topic: Hex32Schema,
  method: z.string(),
  expiry: z.int(),
})
export type HistoryRecord = z.infer<typeof HistoryRecordSchema>

/** `topic:<topic>` or `id:<id>`, as the official expirer names its targets. */
export const ExpirationSchema = z.object({
  target: z.string().check(z.regex(/^(topic:[0-9a-f]{64}|id:\d+)$/)),
  expiry: z.int(),
})
export type Expiration = z.infer<typeof ExpirationSchema>

export const AuthRequestSchema = z.object({
  id: z.int(),
  pairingTopic: Hex32Schema,
  requester: StoredParticipantSchema,
  authPayload: AuthPayloadSchema,
  expiryTimestamp: z.int(),
  verifyContext: VerifyContextSchema,
})
export type AuthRequest = z.infer<typeof AuthRequestSchema>
