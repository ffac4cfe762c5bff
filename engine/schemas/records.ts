import { z } from 'zod'
import { AuthPayloadSchema, CacaoSchema } from './auth.js'
import {
  Hex32Schema,
  MetadataSchema,
  ParticipantSchema,
  PropertiesSchema,
  ProposalNamespacesSchema,
  RelaySchema,
  SessionNamespacesSchema,
  VerifyContextSchema,
} from './common.js'
import { SessionRequestParamsSchema } from './methods.js'

// What the engine persists. Each store validates its entries on load with these, so a corrupt or
// foreign entry is reported and dropped instead of crashing the client.

export const KeychainEntrySchema = z.object({ tag: z.string().min(1), key: z.string().regex(/^[0-9a-f]+$/) })
export type KeychainEntry = z.infer<typeof KeychainEntrySchema>

export const PairingSchema = z.object({
  topic: Hex32Schema,
  expiry: z.number().int(),
  relay: RelaySchema,
  active: z.boolean(),
  methods: z.array(z.string()).optional(),
  peerMetadata: MetadataSchema.optional(),
})
export type Pairing = z.infer<typeof PairingSchema>

export const ProposalSchema = z.object({
  id: z.number().int(),
  pairingTopic: Hex32Schema,
  expiryTimestamp: z.number().int(),
  relays: z.array(RelaySchema),
  proposer: ParticipantSchema,
  requiredNamespaces: ProposalNamespacesSchema,
  optionalNamespaces: ProposalNamespacesSchema,
  sessionProperties: PropertiesSchema.optional(),
  scopedProperties: PropertiesSchema.optional(),
  attestation: z.string().optional(),
  encryptedId: z.string().optional(),
  requests: z
    .object({ authentication: z.array(AuthPayloadSchema).optional(), walletPay: z.unknown().optional() })
    .optional(),
})
export type Proposal = z.infer<typeof ProposalSchema>

export const SessionSchema = z.object({
  topic: Hex32Schema,
  pairingTopic: z.string(),
  relay: RelaySchema,
  expiry: z.number().int(),
  acknowledged: z.boolean(),
  controller: Hex32Schema,
  namespaces: SessionNamespacesSchema,
  requiredNamespaces: ProposalNamespacesSchema,
  optionalNamespaces: ProposalNamespacesSchema,
  sessionProperties: PropertiesSchema.optional(),
  scopedProperties: PropertiesSchema.optional(),
  sessionConfig: z.record(z.string(), z.unknown()).optional(),
  self: ParticipantSchema,
  peer: ParticipantSchema,
  transportType: z.enum(['relay', 'link_mode']).optional(),
  authentication: z.array(CacaoSchema).optional(),
})
export type Session = z.infer<typeof SessionSchema>

export const PendingRequestSchema = z.object({
  id: z.number().int(),
  topic: Hex32Schema,
  params: SessionRequestParamsSchema,
  verifyContext: VerifyContextSchema,
})
export type PendingRequest = z.infer<typeof PendingRequestSchema>

/** A request we sent and still expect an answer to; the answer's id finds its method here. */
export const HistoryRecordSchema = z.object({
  id: z.number().int(),
  topic: Hex32Schema,
  method: z.string(),
  expiry: z.number().int(),
})
export type HistoryRecord = z.infer<typeof HistoryRecordSchema>

/** `topic:<topic>` or `id:<id>`, as the official expirer names its targets. */
export const ExpirationSchema = z.object({
  target: z.string().regex(/^(topic:[0-9a-f]{64}|id:\d+)$/),
  expiry: z.number().int(),
})
export type Expiration = z.infer<typeof ExpirationSchema>

export const AuthRequestSchema = z.object({
  id: z.number().int(),
  pairingTopic: Hex32Schema,
  requester: ParticipantSchema,
  authPayload: AuthPayloadSchema,
  expiryTimestamp: z.number().int(),
  verifyContext: VerifyContextSchema,
})
export type AuthRequest = z.infer<typeof AuthRequestSchema>
