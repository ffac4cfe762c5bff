import * as z from 'zod/mini'
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

/** A topic or an X25519 public key: 64 lowercase hex digits. */
export const Hex32Schema = z.string().check(z.regex(HEX_64, 'expected 64 lowercase hex digits'))

/**
 * Metadata as stored. Only `name` and `url` are relied on; the rest is shown to users, and peers in the
 * wild omit fields, so missing display fields fall back to empty values rather than failing the
 * handshake. Stored entries are read without the size caps, so a record kept before them still loads.
 */
export const StoredMetadataSchema = z.object({
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
export type Metadata = z.infer<typeof StoredMetadataSchema>

const utf8 = new TextEncoder()

/** The size caps of `engine/limits.ts`, each failure naming the field, its size and the cap. */
const metadataLimits = z.superRefine<Metadata>((metadata, ctx) => {
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

export const RelaySchema = z.object({
  protocol: z.string().check(z.minLength(1)),
  data: z.optional(z.string()),
})
export type Relay = z.infer<typeof RelaySchema>

export const ParticipantSchema = z.object({ publicKey: Hex32Schema, metadata: MetadataSchema })
export type Participant = z.infer<typeof ParticipantSchema>
export const StoredParticipantSchema = z.object({ publicKey: Hex32Schema, metadata: StoredMetadataSchema })

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
