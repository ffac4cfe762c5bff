import * as v from '@pairwise/common/schema'
import {
  MAX_METADATA_BYTES,
  MAX_METADATA_DESCRIPTION_LENGTH,
  MAX_METADATA_ICON_LENGTH,
  MAX_METADATA_ICONS,
  MAX_METADATA_NAME_LENGTH,
  MAX_METADATA_URL_LENGTH,
} from '../limits.js'

export { ErrorResponseSchema } from '../jsonrpc/classify.js'

const HEX_64 = /^[0-9a-f]{64}$/

/** 32 bytes as 64 lowercase hex digits: a topic, an X25519 public key, a stored key. */
export const Hex32Schema = v.string().check(v.regex(HEX_64, 'expected 64 lowercase hex digits'))

/**
 * Metadata as stored. Only `name` and `url` are relied on; the rest is shown to users, and peers in the
 * wild omit fields, so missing display fields fall back to empty values rather than failing the
 * handshake. Stored entries are read without the size caps, so a record kept before them still loads.
 */
export const StoredMetadataSchema = v.object({
  name: v.string(),
  description: v.catch(v.string(), ''),
  url: v.catch(v.string(), ''),
  icons: v.catch(v.array(v.string()), []),
  verifyUrl: v.optional(v.string()),
  redirect: v.optional(
    v.object({
      native: v.optional(v.string()),
      universal: v.optional(v.string()),
      linkMode: v.optional(v.boolean()),
    }),
  ),
})
export type Metadata = v.infer<typeof StoredMetadataSchema>

const utf8 = new TextEncoder()

/** The size caps of `engine/limits.ts`, each failure naming the field, its size and the cap. */
const metadataLimits = v.superRefine<Metadata>((metadata, ctx) => {
  const cap = (path: (string | number)[], value: string | undefined, max: number) => {
    if (value !== undefined && value.length > max) {
      const message = `${path.join('.')} is ${value.length} characters long, the limit is ${max}`
      ctx.addIssue({ code: 'custom', path, message, input: value })
    }
  }
  cap(['name'], metadata.name, MAX_METADATA_NAME_LENGTH)
  cap(['description'], metadata.description, MAX_METADATA_DESCRIPTION_LENGTH)
  cap(['url'], metadata.url, MAX_METADATA_URL_LENGTH)
  cap(['verifyUrl'], metadata.verifyUrl, MAX_METADATA_URL_LENGTH)
  cap(['redirect', 'native'], metadata.redirect?.native, MAX_METADATA_URL_LENGTH)
  cap(['redirect', 'universal'], metadata.redirect?.universal, MAX_METADATA_URL_LENGTH)
  if (metadata.icons.length > MAX_METADATA_ICONS) {
    const message = `icons has ${metadata.icons.length} entries, the limit is ${MAX_METADATA_ICONS}`
    ctx.addIssue({ code: 'custom', path: ['icons'], message, input: metadata.icons })
  }
  for (const [index, icon] of metadata.icons.slice(0, MAX_METADATA_ICONS).entries()) {
    cap(['icons', index], icon, MAX_METADATA_ICON_LENGTH)
  }
  const bytes = utf8.encode(JSON.stringify(metadata)).length
  if (bytes > MAX_METADATA_BYTES) {
    const message = `metadata is ${bytes} bytes as JSON, the limit is ${MAX_METADATA_BYTES}`
    ctx.addIssue({ code: 'custom', path: [], message, input: metadata })
  }
})

/** Metadata a peer sends, and our own: the stored shape within the size caps. */
export const MetadataSchema = StoredMetadataSchema.check(metadataLimits)

export const RelaySchema = v.object({
  protocol: v.string().check(v.minLength(1)),
  data: v.optional(v.string()),
})
export type Relay = v.infer<typeof RelaySchema>

export const ParticipantSchema = v.object({ publicKey: Hex32Schema, metadata: MetadataSchema })
export type Participant = v.infer<typeof ParticipantSchema>
export const StoredParticipantSchema = v.object({ publicKey: Hex32Schema, metadata: StoredMetadataSchema })

export const ProposalNamespaceSchema = v.object({
  chains: v.optional(v.array(v.string())),
  methods: v.array(v.string()),
  events: v.array(v.string()),
  rpcMap: v.optional(v.record(v.string(), v.string())),
  defaultChain: v.optional(v.string()),
})
export type ProposalNamespace = v.infer<typeof ProposalNamespaceSchema>
export const ProposalNamespacesSchema = v.record(v.string(), ProposalNamespaceSchema)
export type ProposalNamespaces = v.infer<typeof ProposalNamespacesSchema>

export const SessionNamespaceSchema = v.object({
  chains: v.optional(v.array(v.string())),
  accounts: v.array(v.string()),
  methods: v.array(v.string()),
  events: v.array(v.string()),
})
export type SessionNamespace = v.infer<typeof SessionNamespaceSchema>
export const SessionNamespacesSchema = v.record(v.string(), SessionNamespaceSchema)
export type SessionNamespaces = v.infer<typeof SessionNamespacesSchema>

/** Free-form, but every value must exist: the official clients reject null and undefined values. */
export const PropertiesSchema = v.record(v.string(), v.unknown())
export type SessionProperties = Record<string, unknown>

export const VerifyContextSchema = v.object({
  verified: v.object({
    verifyUrl: v.string(),
    validation: v.enum(['UNKNOWN', 'VALID', 'INVALID']),
    origin: v.string(),
    isScam: v.optional(v.boolean()),
  }),
})
export type VerifyContext = v.infer<typeof VerifyContextSchema>
