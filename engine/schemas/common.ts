import * as z from 'zod/mini'

export { ErrorResponseSchema } from '../jsonrpc/classify.js'

const HEX_64 = /^[0-9a-f]{64}$/

/** A topic or an X25519 public key: 64 lowercase hex digits. */
export const Hex32Schema = z.string().check(z.regex(HEX_64, 'expected 64 lowercase hex digits'))

/**
 * Peer metadata. Only `name` and `url` are relied on; the rest is shown to users, and peers in the wild
 * omit fields, so missing display fields fall back to empty values rather than failing the handshake.
 */
export const MetadataSchema = z.object({
  name: z.string(),
  description: z.catch(z.string(), ''),
  url: z.catch(z.string(), ''),
  icons: z.catch(z.array(z.string()), []),
  verifyUrl: z.optional(z.string()),
  redirect: z.optional(
    z.object({
      native: z.optional(z.string()),
      universal: z.optional(z.string()),
      linkMode: z.optional(z.boolean()),
    }),
  ),
})
export type Metadata = z.infer<typeof MetadataSchema>

export const RelaySchema = z.object({
  protocol: z.string().check(z.minLength(1)),
  data: z.optional(z.string()),
})
export type Relay = z.infer<typeof RelaySchema>

export const ParticipantSchema = z.object({ publicKey: Hex32Schema, metadata: MetadataSchema })
export type Participant = z.infer<typeof ParticipantSchema>

export const ProposalNamespaceSchema = z.object({
  chains: z.optional(z.array(z.string())),
  methods: z.array(z.string()),
  events: z.array(z.string()),
  rpcMap: z.optional(z.record(z.string(), z.string())),
  defaultChain: z.optional(z.string()),
})
export type ProposalNamespace = z.infer<typeof ProposalNamespaceSchema>
export const ProposalNamespacesSchema = z.record(z.string(), ProposalNamespaceSchema)
export type ProposalNamespaces = z.infer<typeof ProposalNamespacesSchema>

export const SessionNamespaceSchema = z.object({
  chains: z.optional(z.array(z.string())),
  accounts: z.array(z.string()),
  methods: z.array(z.string()),
  events: z.array(z.string()),
})
export type SessionNamespace = z.infer<typeof SessionNamespaceSchema>
export const SessionNamespacesSchema = z.record(z.string(), SessionNamespaceSchema)
export type SessionNamespaces = z.infer<typeof SessionNamespacesSchema>

/** Free-form, but every value must exist: the official clients reject null and undefined values. */
export const PropertiesSchema = z.record(z.string(), z.unknown())
export type SessionProperties = Record<string, unknown>

export const VerifyContextSchema = z.object({
  verified: z.object({
    verifyUrl: z.string(),
    validation: z.enum(['UNKNOWN', 'VALID', 'INVALID']),
    origin: z.string(),
    isScam: z.optional(z.boolean()),
  }),
})
export type VerifyContext = z.infer<typeof VerifyContextSchema>
