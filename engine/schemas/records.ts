import * as v from '@pairwise/common/schema'
import { AuthPayloadSchema, CacaoSchema, ProposalRequestsSchema } from './auth.js'
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

/**
 * Every key the keychain holds is 32 bytes: a topic's symmetric key, an X25519 private key (or, for an
 * authenticate response, public key), the relay identity's Ed25519 seed. One of another length would
 * fail only when used, leaving a session that can be neither used nor ended; it is dropped on load, and
 * the session it served with it.
 */
export const KeychainEntrySchema = v.object({
  tag: v.string().check(v.minLength(1)),
  key: Hex32Schema,
})
export type KeychainEntry = v.infer<typeof KeychainEntrySchema>

export const PairingSchema = v.object({
  topic: Hex32Schema,
  expiry: v.int(),
  relay: RelaySchema,
  active: v.boolean(),
  methods: v.optional(v.array(v.string())),
  peerMetadata: v.optional(StoredMetadataSchema),
})
export type Pairing = v.infer<typeof PairingSchema>

export const ProposalSchema = v.object({
  id: v.int(),
  pairingTopic: Hex32Schema,
  expiryTimestamp: v.int(),
  relays: v.array(RelaySchema),
  proposer: StoredParticipantSchema,
  requiredNamespaces: ProposalNamespacesSchema,
  optionalNamespaces: ProposalNamespacesSchema,
  sessionProperties: v.optional(PropertiesSchema),
  scopedProperties: v.optional(PropertiesSchema),
  attestation: v.optional(v.string()),
  encryptedId: v.optional(v.string()),
  requests: v.optional(ProposalRequestsSchema),
})
export type Proposal = v.infer<typeof ProposalSchema>

/**
 * Ids of the peer's last update, extend and event (by name) a session applied, so an older one is refused
 * after a restart too. Absent in records kept before it, and until the peer sends one of each.
 */
export const LastAppliedSchema = v.object({
  update: v.optional(v.int()),
  extend: v.optional(v.int()),
  events: v.optional(v.record(v.string(), v.int())),
  /** The newest id among the events whose names the namespaces dropped: one of a name not in `events` under it is old. */
  eventsFloor: v.optional(v.int()),
})
export type LastApplied = v.infer<typeof LastAppliedSchema>

export const SessionSchema = v.object({
  topic: Hex32Schema,
  pairingTopic: v.string(),
  relay: RelaySchema,
  expiry: v.int(),
  acknowledged: v.boolean(),
  controller: Hex32Schema,
  namespaces: SessionNamespacesSchema,
  requiredNamespaces: ProposalNamespacesSchema,
  optionalNamespaces: ProposalNamespacesSchema,
  sessionProperties: v.optional(PropertiesSchema),
  scopedProperties: v.optional(PropertiesSchema),
  sessionConfig: v.optional(v.record(v.string(), v.unknown())),
  self: StoredParticipantSchema,
  peer: StoredParticipantSchema,
  transportType: v.optional(v.enum(['relay', 'link_mode'])),
  authentication: v.optional(v.array(CacaoSchema)),
  lastApplied: v.optional(LastAppliedSchema),
})
export type Session = v.infer<typeof SessionSchema>

export const PendingRequestSchema = v.object({
  id: v.int(),
  topic: Hex32Schema,
  params: SessionRequestParamsSchema,
  verifyContext: VerifyContextSchema,
})
export type PendingRequest = v.infer<typeof PendingRequestSchema>

/**
 * A request we sent, kept until its relay TTL ends: while its answer is awaited, the answer's id finds its
 * method here; `answered` once it came, or from the start where none comes (events, deletes). Kept that long
 * so that the request, handed back to us by a relay that reflects what we publish, is known as our own
 * (an answered ping alone is forgotten: see `keptOnceAnswered`).
 */
export const HistoryRecordSchema = v.object({
  id: v.int(),
  topic: Hex32Schema,
  method: v.string(),
  expiry: v.int(),
  answered: v.optional(v.literal(true)),
})
export type HistoryRecord = v.infer<typeof HistoryRecordSchema>

/**
 * The requests received on a topic, so one delivered again (by a relay replaying what it recorded, after a
 * restart or once the relay client's in-memory window has moved on) is dropped. Ids are kept until `expiry`
 * (unix seconds); `floor`, once any is forgotten, is the highest id forgotten, and every id at or under it
 * counts as received.
 */
export const ReceivedRequestsSchema = v.object({
  topic: Hex32Schema,
  floor: v.optional(v.int()),
  // `method`: a Sign method's name, or `other` for any other (see engine/inbound/replay.ts).
  ids: v.array(v.object({ id: v.int(), method: v.string().check(v.maxLength(64)), expiry: v.int() })),
})
export type ReceivedRequests = v.infer<typeof ReceivedRequestsSchema>

/** `topic:<topic>` or `id:<id>`, as the official expirer names its targets. */
export const ExpirationSchema = v.object({
  target: v.string().check(v.regex(/^(topic:[0-9a-f]{64}|id:\d+)$/)),
  expiry: v.int(),
})
export type Expiration = v.infer<typeof ExpirationSchema>

export const AuthRequestSchema = v.object({
  id: v.int(),
  pairingTopic: Hex32Schema,
  requester: StoredParticipantSchema,
  authPayload: AuthPayloadSchema,
  expiryTimestamp: v.int(),
  verifyContext: VerifyContextSchema,
})
export type AuthRequest = v.infer<typeof AuthRequestSchema>
