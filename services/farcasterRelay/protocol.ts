import { z } from 'zod'
import { withoutNul } from '../kit/index.js'

/**
 * The relay channel API as Farcaster's relay (https://relay.farcaster.xyz, `apps/relay` of
 * farcasterxyz/auth-monorepo) and its clients speak it: an app server opens a channel and watches its
 * status; the Farcaster app that scanned the channel's URL posts the signed message with the relay key.
 * This relay serves it, and the auth service is its client: both read the bodies and answers here.
 */
export const relayPaths = {
  channel: '/v1/channel',
  channelStatus: '/v1/channel/status',
  channelAuthenticate: '/v1/channel/authenticate',
} as const

/** The header a Farcaster app authenticates a channel with (the relay's `AUTH_KEY`). */
export const relayKeyHeader = 'x-farcaster-auth-relay-key'

/** What the relay stores and the auth service keeps must fit PostgreSQL's TEXT: no U+0000. */
const text = (max: number) => z.string().max(max).check(withoutNul)
/** SIWE nonces are alphanumeric, 8 characters at least (EIP-4361). */
export const channelNonceSchema = z.string().regex(/^[A-Za-z0-9]{8,64}$/, '8 to 64 letters or digits')
/** A SIWE domain: a host name, with a port if any. */
export const siweDomainSchema = z
  .string()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9.-]+(:[0-9]{1,5})?$/, 'a host name, with a port if any')
const isoTime = z.iso.datetime({ offset: true })
/** Channel tokens are 32 random bytes, base64url. */
export const channelTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a channel token')

export const createChannelBody = z.strictObject({
  siweUri: z.url().max(300).check(withoutNul),
  domain: siweDomainSchema,
  nonce: channelNonceSchema.optional(),
  notBefore: isoTime.optional(),
  expirationTime: isoTime.optional(),
  requestId: text(128).optional(),
  redirectUrl: z.url().max(300).optional(),
  acceptAuthAddress: z.boolean().optional(),
})

export const authenticateBody = z.strictObject({
  message: text(4096).min(1),
  signature: z.string().regex(/^0x[0-9a-fA-F]{2,4096}$/, 'a hex signature'),
  fid: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  username: text(64),
  displayName: text(128).optional(),
  bio: text(1024).optional(),
  pfpUrl: z.url().max(1024).check(withoutNul).optional(),
})

/**
 * The link a Farcaster app opens: this relay's `farcaster://connect?…`, or the `https://…/~/siwf?…` of
 * Farcaster's relay (its `URL_BASE`); either carries the channel in its query.
 */
export const connectUrlSchema = z.url({ protocol: /^(farcaster|https?)$/ }).max(2048)
const connectUrl = connectUrlSchema

/** POST /v1/channel's answer (201). Unknown fields, which Farcaster's relay may add, are dropped. */
export const channelOpenedAnswer = z.object({
  channelToken: channelTokenSchema,
  url: connectUrl,
  nonce: channelNonceSchema,
})

/** GET /v1/channel/status's answer: 202 pending, 200 completed with what the Farcaster app posted. */
export const channelStatusAnswer = z.discriminatedUnion('state', [
  z.object({ state: z.literal('pending'), nonce: channelNonceSchema, url: connectUrl }),
  z.object({
    state: z.literal('completed'),
    nonce: channelNonceSchema,
    url: connectUrl,
    message: authenticateBody.shape.message,
    signature: authenticateBody.shape.signature,
    fid: authenticateBody.shape.fid,
    username: authenticateBody.shape.username,
    // The profile as the relay knows it, which may be missing or empty: shown, never trusted.
    displayName: text(128).nullish(),
    bio: text(1024).nullish(),
    pfpUrl: text(1024).nullish(),
    custody: text(42).nullish(),
  }),
])

export type CreateChannelBody = z.output<typeof createChannelBody>
export type AuthenticateBody = z.output<typeof authenticateBody>
export type ChannelOpenedAnswer = z.output<typeof channelOpenedAnswer>
export type ChannelStatusAnswer = z.output<typeof channelStatusAnswer>
