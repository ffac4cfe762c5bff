import * as z from 'zod/mini'
import { CacaoSchema } from '../schemas/index.js'

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

/** A sign-in session: the data, the exact text signed, the signature and, from one-click auth, its CACAO. */
export const siwxSessionSchema = z.object({
  data: siwxMessageDataSchema,
  message: z.string(),
  signature: z.string(),
  cacao: z.optional(CacaoSchema),
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
