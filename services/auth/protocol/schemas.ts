import { socialProviderSchema, socialReturnPathSchema } from '@pairwise/engine/frame'
import { z } from 'zod'
import { projectIdSchema } from '../../api/projects/project.js'
import { withoutNul } from '../../kit/index.js'

/**
 * Bounds on each field a client sends; with the body cap (services/auth/limits.ts) they bound what one
 * request can make the server keep (a wallet's stored share and recovery blob above all).
 */
export const fieldLimits = {
  emailChars: 254,
  originChars: 300,
  /** A P-256 SPKI is 91 bytes (122 base64url characters). */
  publicKeyChars: 256,
  /** A Shamir share of 16 bytes of entropy is 17 bytes; room for a wrapped or longer secret. */
  authShareChars: 512,
  recoverySaltChars: 128,
  recoveryCiphertextChars: 2048,
  /** PBKDF2 cost the server accepts in a recovery blob (the frame pays it, the server only stores it). */
  minRecoveryIterations: 600_000,
  maxRecoveryIterations: 10_000_000,
} as const

/** A ristretto255 element (RFC 9497's OPRF) and the recovery proof: 32 bytes each, base64url. */
const bytes32 = z.string().regex(/^[A-Za-z0-9_-]{43}$/, '32 bytes, base64url')

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'base64url')

/** Attempt and email-change ids: 16 random bytes, base64url. */
export const attemptIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, '16 bytes, base64url')
/** Session tokens and device-approval tokens: 32 random bytes, base64url. */
export const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, '32 bytes, base64url')
/** EMAIL-05: the one-time code is a string of exactly 6 digits; anything else is refused unread. */
export const codeSchema = z.string().regex(/^[0-9]{6}$/, 'a 6-digit code')
export const emailSchema = z.string().trim().toLowerCase().pipe(z.email().max(fieldLimits.emailChars))
export const hostOriginSchema = z
  .string()
  .max(fieldLimits.originChars)
  .refine((text) => URL.canParse(text) && new URL(text).origin === text, 'an origin (scheme://host[:port])')
export const addressSchema = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'a 20-byte hex address')
export const publicKeySchema = base64url(fieldLimits.publicKeyChars)

/** Every body names its project and the page that embeds the frame (checked against the project). */
const scoped = { projectId: projectIdSchema, hostOrigin: hostOriginSchema }

/** The slow KDF's public parameters: the frame needs them, with the evaluation, before it can derive anything. */
export const recoveryKdfSchema = z.strictObject({
  iterations: z.number().int().min(fieldLimits.minRecoveryIterations).max(fieldLimits.maxRecoveryIterations),
  salt: base64url(fieldLimits.recoverySaltChars),
})

/**
 * The recovery share sealed under a key the frame derives from the passphrase through this server's OPRF
 * (services/frame/custody/recoveryKey.ts): without an evaluation by the server no guess can be checked.
 */
export const recoveryBlobSchema = z.strictObject({
  v: z.literal(2),
  oprf: z.literal('ristretto255-SHA512'),
  kdf: z.literal('PBKDF2-SHA256'),
  ...recoveryKdfSchema.shape,
  iv: base64url(32),
  ciphertext: base64url(fieldLimits.recoveryCiphertextChars),
})
export type RecoveryBlob = z.output<typeof recoveryBlobSchema>
export type RecoveryKdf = z.output<typeof recoveryKdfSchema>

export const sealedSchema = z.strictObject({
  epk: publicKeySchema,
  iv: base64url(32),
  ct: base64url(fieldLimits.authShareChars * 2),
})

export const loginActions = ['VERIFY_OTP', 'VERIFY_DEVICE', 'CONNECT'] as const
export const emailChangeActions = ['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP'] as const

// Requests.

export const emailStartBody = z.strictObject({
  ...scoped,
  email: emailSchema,
  device: z.strictObject({ signingKey: publicKeySchema, agreementKey: publicKeySchema }),
})
export const deviceWaitBody = z.strictObject({ ...scoped, attemptId: attemptIdSchema })
export const deviceApproveQuery = z.strictObject({ token: tokenSchema })
export const deviceApproveForm = z.strictObject({ token: tokenSchema })
export const codeBody = z.strictObject({ ...scoped, attemptId: attemptIdSchema, code: codeSchema })
export const emailVerifyBody = codeBody
export const reauthVerifyBody = codeBody
/** sign-out, reauth/start: nothing but the scope. */
export const scopedBody = z.strictObject(scoped)
export const createWalletBody = z.strictObject({
  ...scoped,
  walletId: z.uuid(),
  address: addressSchema,
  authShare: base64url(fieldLimits.authShareChars),
  recovery: recoveryBlobSchema,
  /** What the passphrase derives beside the blob's key; the server keeps its SHA-256 to check recoveries. */
  recoveryProof: bytes32,
})
/** A blinded passphrase (RFC 9497 OPRF, ristretto255-SHA512) for the user's OPRF key. */
export const recoveryEvaluateBody = z.strictObject({ ...scoped, blinded: bytes32 })
/** The recovery blob is released only for the proof the right passphrase derives. */
export const walletRecoveryBody = z.strictObject({ ...scoped, proof: bytes32 })
export const walletShareBody = z.strictObject({ ...scoped, purpose: z.enum(['sign', 'export']) })
export const emailChangeBody = z.strictObject({ ...scoped, newEmail: emailSchema })
export const emailChangeCodeBody = z.strictObject({ ...scoped, changeId: attemptIdSchema, code: codeSchema })
/** SOC-01's provider; the device that will redeem the ticket signs this request. */
export const socialStartBody = z.strictObject({
  ...scoped,
  provider: socialProviderSchema,
  device: z.strictObject({ signingKey: publicKeySchema, agreementKey: publicKeySchema }),
  /** Redirect mode: the host page (a path on `hostOrigin`) the callback sends the browser back to. */
  returnPath: z.optional(socialReturnPathSchema.check(withoutNul)),
})
/** The ticket the provider's callback handed over (256 bits), redeemed by the device that started. */
export const socialRedeemBody = z.strictObject({ ...scoped, ticket: tokenSchema })
/** SOC-05: a Farcaster login, signed by the device that will complete it. */
export const farcasterStartBody = z.strictObject({
  ...scoped,
  device: z.strictObject({ signingKey: publicKeySchema, agreementKey: publicKeySchema }),
})
export const farcasterConnectBody = z.strictObject({ ...scoped, channelToken: tokenSchema })
/** The callback's query or form: only what providers send, each bounded. */
export const socialCallbackParams = z.record(z.string().max(64), z.string().max(8192))

// Answers. Times are unix milliseconds.

export const userSchema = z.strictObject({ id: z.uuid(), email: emailSchema })
export const walletSchema = z.strictObject({
  walletId: z.uuid(),
  address: addressSchema,
  version: z.number().int().min(1),
})
/** VERIFY_OTP for every email that is not a live session's (CONNECT): the answer tells no one whether it has an account. */
export const emailStartAnswer = z.strictObject({ action: z.enum(loginActions), attemptId: attemptIdSchema })
const loginFields = {
  session: z.strictObject({ token: tokenSchema, expiresAt: z.number().int() }),
  user: userSchema,
  wallet: walletSchema.nullable(),
}
export const loginAnswer = z.strictObject(loginFields)
/** email/verify: the login, or (an account's new device, told after the code) wait for the mailed link. */
export const emailVerifyAnswer = z.union([
  loginAnswer,
  z.strictObject({ action: z.literal('VERIFY_DEVICE') }),
])
/** device/wait: not yet, or approved with the login (given once). */
export const deviceWaitAnswer = z.discriminatedUnion('approved', [
  z.strictObject({ approved: z.literal(false) }),
  z.strictObject({ approved: z.literal(true), ...loginFields }),
])
/** A social login's user may have no email of its own (never merged by email, issue 35). */
export const sessionAnswer = z.strictObject({
  user: z.strictObject({ id: z.uuid(), email: emailSchema.nullable() }),
  wallet: walletSchema.nullable(),
})
export const walletAnswer = walletSchema
export const walletShareAnswer = z.strictObject({ ...walletSchema.shape, sealed: sealedSchema })
export const walletRecoveryAnswer = z.strictObject({ ...walletSchema.shape, recovery: recoveryBlobSchema })
/** The evaluated element, and the KDF parameters of the stored blob (null while the user has no wallet). */
export const recoveryEvaluateAnswer = z.strictObject({
  evaluated: bytes32,
  kdf: recoveryKdfSchema.nullable(),
})
export const socialStartAnswer = z.strictObject({ uri: z.url() })
/** A social login: the user's verified email only (null otherwise), the provider, and a name when known. */
export const socialLoginAnswer = z.strictObject({
  session: loginFields.session,
  user: z.strictObject({
    id: z.uuid(),
    provider: socialProviderSchema,
    email: emailSchema.nullable(),
    name: z.string().nullable(),
  }),
  wallet: walletSchema.nullable(),
})
/**
 * The relay channel of a Farcaster login: its token (the frame's to watch) and the link a Farcaster app
 * opens (`farcaster://connect?…` from the local relay, `https://…/~/siwf?…` from Farcaster's).
 */
export const farcasterStartAnswer = z.strictObject({
  channelToken: tokenSchema,
  url: z.url({ protocol: /^(farcaster|https)$/ }).max(2048),
  nonce: z.string(),
})
/** farcaster/connect: not yet (nobody approved in a Farcaster app), or the login, the fid its subject. */
export const farcasterConnectAnswer = z.union([
  z.strictObject({ state: z.literal('pending') }),
  z.strictObject({
    state: z.literal('completed'),
    session: loginFields.session,
    user: z.strictObject({
      id: z.uuid(),
      provider: z.literal('farcaster'),
      email: z.null(),
      name: z.string().nullable(),
      fid: z.number().int().positive(),
      username: z.string(),
    }),
    wallet: walletSchema.nullable(),
  }),
])
export const reauthStartAnswer = z.strictObject({ attemptId: attemptIdSchema })
export const reauthVerifyAnswer = z.strictObject({ freshUntil: z.number().int() })
export const emailChangeAnswer = z.strictObject({
  action: z.enum(emailChangeActions),
  changeId: attemptIdSchema,
})
export const emailChangePrimaryAnswer = z.strictObject({})
export const emailChangeSecondaryAnswer = z.strictObject({ newEmail: emailSchema })

/** Every 4xx: `retryAfter` (whole seconds) with 429 and 423, `triesLeft` with OTP_INVALID. */
export const errorAnswer = z.strictObject({
  code: z.string(),
  message: z.string(),
  retryAfter: z.number().int().min(0).optional(),
  triesLeft: z.number().int().min(0).optional(),
})

export type EmailStartBody = z.input<typeof emailStartBody>
export type LoginAction = (typeof loginActions)[number]
export type EmailChangeAction = (typeof emailChangeActions)[number]
export type LoginAnswer = z.output<typeof loginAnswer>
export type SessionAnswer = z.output<typeof sessionAnswer>
export type WalletAnswer = z.output<typeof walletAnswer>
export type WalletShareAnswer = z.output<typeof walletShareAnswer>
export type WalletRecoveryAnswer = z.output<typeof walletRecoveryAnswer>
export type RecoveryEvaluateAnswer = z.output<typeof recoveryEvaluateAnswer>
export type ErrorAnswer = z.output<typeof errorAnswer>
export type SocialLoginAnswer = z.output<typeof socialLoginAnswer>
export type FarcasterStartAnswer = z.output<typeof farcasterStartAnswer>
export type FarcasterConnectAnswer = z.output<typeof farcasterConnectAnswer>
