import * as z from 'zod/mini'
import type { Cacao } from '../schemas/index.js'

/**
 * ENT-15: what a sign-in message says, in AppKit 1.7's `SIWXMessage.Data` names so integrators' configs
 * drop in. `chainId` is CAIP-2 (`eip155:1`, `solana:…`, `bip122:…`); times are ISO-8601 strings.
 * `serializedMessage` travels only to the embedded-wallet frame, never in a session's data.
 */
const messageDataFields = {
  accountAddress: z.string().check(z.minLength(1)),
  chainId: z.string().check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'chainId must be CAIP-2')),
  domain: z.string().check(z.minLength(1)),
  uri: z.string().check(z.minLength(1)),
  version: z.string().check(z.minLength(1)),
  nonce: z.string().check(z.minLength(1)),
  statement: z.optional(z.string()),
  resources: z.optional(z.array(z.string())),
  requestId: z.optional(z.string()),
  issuedAt: z.optional(z.string()),
  expirationTime: z.optional(z.string()),
  notBefore: z.optional(z.string()),
}
export const siwxMessageDataSchema = z.object(messageDataFields)
export type SIWXMessageData = z.infer<typeof siwxMessageDataSchema>

/**
 * The message object posted to the embedded-wallet frame: the data plus its text. (Spread, not
 * `z.extend`: zod's shared chunk would carry `extend` into every page's first load.)
 */
export const siwxFrameMessageSchema = z.object({
  ...messageDataFields,
  serializedMessage: z.optional(z.string()),
})
/** A sign-in message as the embedded wallet's frame takes it: the data, and the exact text to sign. */
export type SiwxFrameMessage = z.infer<typeof siwxFrameMessageSchema>

/** AppKit 1.7's `SIWXMessage`: the data and the text a wallet signs. */
export type SIWXMessage = SIWXMessageData & { toString(): string }

/**
 * A one-click sign-in's CACAO, as the engine's `CacaoSchema` checks it. Written again in zod because
 * sessions travel through zod schemas (the api's routes and their OpenAPI document) and the engine's
 * wire schemas are not zod; `satisfies` keeps the two shapes one.
 */
const cacaoSchema = z.object({
  h: z.object({ t: z.string() }),
  p: z.object({
    iss: z.string(),
    domain: z.string(),
    aud: z.string(),
    version: z.string(),
    nonce: z.string(),
    iat: z.string(),
    nbf: z.optional(z.string()),
    exp: z.optional(z.string()),
    statement: z.optional(z.string()),
    requestId: z.optional(z.string()),
    resources: z.optional(z.array(z.string())),
  }),
  s: z.object({ t: z.string(), s: z.string(), m: z.optional(z.string()) }),
}) satisfies z.ZodMiniType<Cacao>

/** A sign-in session: the data, the exact text signed, the signature and, from one-click auth, its CACAO. */
export const siwxSessionSchema = z.object({
  data: siwxMessageDataSchema,
  message: z.string(),
  signature: z.string(),
  cacao: z.optional(cacaoSchema),
})
export type SIWXSession = z.infer<typeof siwxSessionSchema>

/** The chain namespaces sign-in has a message format for. */
export type SiwxNamespace = 'eip155' | 'solana' | 'bip122'

/**
 * What a sign-in message says, as written: `chainId` is the text after `Chain ID: ` ('1', 'localnet',
 * 'bip122:000…'), `address` the account line. Fields a format leaves optional may be absent.
 */
export type SignInFields = {
  scheme?: string
  domain: string
  address: string
  statement?: string
  uri?: string
  version?: string
  chainId?: string
  nonce?: string
  issuedAt?: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}
