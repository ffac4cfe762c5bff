import * as z from 'zod/mini'
import {
  MAX_METADATA_DESCRIPTION_LENGTH,
  MAX_METADATA_ICON_LENGTH,
  MAX_METADATA_ICONS,
  MAX_METADATA_NAME_LENGTH,
  MAX_METADATA_URL_LENGTH,
} from '../limits.js'
import { siwxFrameMessageSchema } from '../siwx/types.js'
import { frameProtocolVersion, socialResultType } from './constants.js'

/**
 * The wire between the modal (host) and the secure frame. AppKit's event names and payload shapes are
 * kept so a provider facade maps 1:1 (research §1.1); the envelope is ours: a version, a random UUID id,
 * strict objects (unknown keys refused), and errors with EIP-1193 codes.
 */

/**
 * The modal shares zod with its first load, so the wire keeps to the checks that load already has (a
 * pattern, not `z.email()`/`z.uuid()`): the frame's lazy chunk then adds none of zod's code to every page.
 * The auth service checks emails in full; here the shape is enough to refuse nonsense before sending.
 */
const email = z.string().check(z.maxLength(254), z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Invalid email'))
/** EMAIL-05: a string; its length is the form's business (constants.otpLength), not the wire's. */
const otp = z.string().check(z.minLength(1), z.maxLength(64))
const chainId = z.union([
  z.number().check(z.int(), z.positive()),
  z.string().check(z.minLength(1), z.maxLength(64)),
])
const url = z.url()
const hexAddress = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
export const accountTypes = ['eoa', 'smartAccount'] as const
const accountType = z.enum(accountTypes)
export const socialProviders = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
/** SOC-01: farcaster is not among them; it signs in by its own flow (GET_FARCASTER_URI). */
export const socialProviderSchema = z.enum(socialProviders)
export type SocialLoginProvider = z.infer<typeof socialProviderSchema>
/**
 * Where a redirect-mode social login returns: a path (and query) on the host origin the frame verified,
 * never a URL of its own, so the ticket cannot be sent to another site.
 */
export const socialReturnPathSchema = z
  .string()
  .check(z.maxLength(1000), z.regex(/^\/(?![/\\])[^\s#]*$/, 'a path on the host origin'))
/** SOC-04: a social login's ticket (256 bits, base64url), as the callback window posts it. */
export const socialResultSchema = z.strictObject({
  type: z.literal(socialResultType),
  resultUri: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)),
})
export const emailConnectActions = ['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT'] as const
export const emailUpdateActions = ['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP'] as const
export const themeModes = ['light', 'dark'] as const
const none = z.strictObject({})

/** Spec §3 "Frame user" (ENT-13): address, chainId, accounts and preferredAccountType are required. */
export const frameUserSchema = z.strictObject({
  email: z.optional(email),
  address: hexAddress,
  chainId,
  accounts: z.array(z.strictObject({ address: hexAddress, type: accountType })),
  userName: z.optional(z.string()),
  preferredAccountType: accountType,
  smartAccountDeployed: z.optional(z.boolean()),
  signature: z.optional(z.string()),
  message: z.optional(z.string()),
  siwxMessage: z.optional(siwxFrameMessageSchema),
})
export type FrameUser = z.infer<typeof frameUserSchema>

const stringRecord = z.record(z.string(), z.union([z.string(), z.number()]))

/** ENT-16: dapp data holds name, description, url, icons, projectId, sdkVersion and sdkType. */
const upTo = (max: number) => z.string().check(z.maxLength(max))
/** The host's name for itself is shown on every approval: held to the caps peers' metadata has. */
export const dappDataSchema = z.strictObject({
  metadata: z.optional(
    z.strictObject({
      name: upTo(MAX_METADATA_NAME_LENGTH),
      description: upTo(MAX_METADATA_DESCRIPTION_LENGTH),
      url: upTo(MAX_METADATA_URL_LENGTH),
      icons: z.array(upTo(MAX_METADATA_ICON_LENGTH)).check(z.maxLength(MAX_METADATA_ICONS)),
    }),
  ),
  sdkVersion: upTo(64),
  sdkType: upTo(64),
  projectId: upTo(128),
})

/** ENT-16: themeMode is light or dark, nothing else. */
export const themeSyncSchema = z.strictObject({
  themeMode: z.optional(z.enum(themeModes)),
  themeVariables: z.optional(stringRecord),
  w3mThemeVariables: z.optional(stringRecord),
})

/** FRAME-07 */
export const rpcRequestSchema = z.strictObject({
  method: z.string().check(z.minLength(1), z.maxLength(100)),
  params: z.optional(z.unknown()),
  chainId,
  chainNamespace: z.literal('eip155'),
  rpcUrl: z.optional(url),
})

const userQuery = z.strictObject({
  chainId: z.optional(chainId),
  preferredAccountType: z.optional(accountType),
  socialUri: z.optional(z.string()),
  siwxMessage: z.optional(siwxFrameMessageSchema),
  rpcUrl: z.optional(url),
})

/**
 * FRAME-04: every event the frame understands, as [request payload, success payload]. The order is the
 * spec's list.
 */
export const frameEvents = {
  SWITCH_NETWORK: [z.strictObject({ chainId, rpcUrl: z.optional(url) }), z.strictObject({ chainId })],
  CONNECT_EMAIL: [z.strictObject({ email }), z.strictObject({ action: z.enum(emailConnectActions) })],
  CONNECT_DEVICE: [none, none],
  /** Without `otp` the code is typed inside the frame, so it never passes through the host's JavaScript. */
  CONNECT_OTP: [z.strictObject({ otp: z.optional(otp) }), none],
  CONNECT_SOCIAL: [
    z.strictObject({
      uri: z.string(),
      preferredAccountType: z.optional(accountType),
      chainId: z.optional(chainId),
      siwxMessage: z.optional(siwxFrameMessageSchema),
      rpcUrl: z.optional(url),
    }),
    z.extend(frameUserSchema, { userName: z.optional(z.string()) }),
  ],
  GET_FARCASTER_URI: [none, z.strictObject({ url: z.string() })],
  CONNECT_FARCASTER: [none, z.strictObject({ userName: z.string() })],
  GET_USER: [userQuery, frameUserSchema],
  GET_SOCIAL_REDIRECT_URI: [
    /** `returnPath` asks for a redirect-mode login that comes back to that page (SOC-04). */
    z.strictObject({ provider: socialProviderSchema, returnPath: z.optional(socialReturnPathSchema) }),
    z.strictObject({ uri: z.string() }),
  ],
  SIGN_OUT: [none, none],
  IS_CONNECTED: [none, z.strictObject({ isConnected: z.boolean() })],
  GET_CHAIN_ID: [none, z.strictObject({ chainId })],
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: [
    none,
    z.strictObject({ smartAccountEnabledNetworks: z.array(z.number()) }),
  ],
  INIT_SMART_ACCOUNT: [none, z.strictObject({ address: hexAddress, isDeployed: z.boolean() })],
  SET_PREFERRED_ACCOUNT: [
    z.strictObject({ type: accountType }),
    z.strictObject({ type: accountType, address: hexAddress }),
  ],
  RPC_REQUEST: [rpcRequestSchema, z.unknown()],
  UPDATE_EMAIL: [z.strictObject({ email }), z.strictObject({ action: z.enum(emailUpdateActions) })],
  UPDATE_EMAIL_PRIMARY_OTP: [z.strictObject({ otp: z.optional(otp) }), none],
  UPDATE_EMAIL_SECONDARY_OTP: [z.strictObject({ otp: z.optional(otp) }), z.strictObject({ newEmail: email })],
  SYNC_THEME: [themeSyncSchema, none],
  SYNC_DAPP_DATA: [dappDataSchema, none],
  RELOAD: [none, none],
  RPC_ABORT: [none, none],
} as const satisfies Record<string, readonly [z.ZodMiniType, z.ZodMiniType]>

export type FrameEvent = keyof typeof frameEvents
export const frameEventNames = Object.keys(frameEvents) as FrameEvent[]
export type FrameRequest<E extends FrameEvent> = z.input<(typeof frameEvents)[E][0]>
export type FrameSuccess<E extends FrameEvent> = z.output<(typeof frameEvents)[E][1]>

const id = z
  .string()
  .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i))
const v = z.literal(frameProtocolVersion)

/**
 * ENT-14: every message on the port may carry an id and a type (a notice has no id). The envelopes below
 * narrow it for their direction.
 */
export const frameMessageSchema = z.strictObject({
  v,
  id: z.optional(id),
  type: z.optional(z.string().check(z.regex(/^[A-Z_]+$/), z.maxLength(64))),
  payload: z.optional(z.unknown()),
})
export type FrameMessage = z.infer<typeof frameMessageSchema>

/**
 * host → frame: one request, the app event message of ENT-14, which carries a payload. Its id is required
 * here because the answer is matched by it: a request without one could never be answered.
 */
export const frameRequestEnvelopeSchema = z.extend(frameMessageSchema, {
  id,
  type: z.enum(frameEventNames as [FrameEvent, ...FrameEvent[]]),
  payload: z.unknown().check(z.refine((payload) => payload !== undefined, 'An app event carries a payload')),
})
export type FrameRequestEnvelope = z.infer<typeof frameRequestEnvelopeSchema>

/** ERR-25: an error without a message is shown as 'An error occurred' by the host. */
export const frameErrorSchema = z.strictObject({
  code: z.optional(z.number().check(z.int())),
  message: z.optional(z.string().check(z.maxLength(1000))),
})
export type FrameErrorPayload = z.infer<typeof frameErrorSchema>

/** frame → host: the answer to one request, matched by id; `type` is `<EVENT>_SUCCESS` or `<EVENT>_ERROR`. */
export const frameReplyEnvelopeSchema = z.extend(frameMessageSchema, {
  id,
  type: z.string().check(z.regex(/^[A-Z_]+_(SUCCESS|ERROR)$/)),
})
export type FrameReplyEnvelope = z.infer<typeof frameReplyEnvelopeSchema>

/**
 * frame → host, unasked: READY once the channel stands (FRAME-02 counts from it); SIGNED_OUT when the
 * frame ended the session itself (it expired, or a share failed its check and the wallet was locked).
 */
export const frameNoticeEnvelopeSchema = z.union([
  z.strictObject({
    v,
    type: z.literal('READY'),
    payload: z.strictObject({ frameVersion: z.string(), events: z.array(z.string()) }),
  }),
  z.strictObject({ v, type: z.literal('SIGNED_OUT'), payload: none }),
])
export type FrameNotice = z.infer<typeof frameNoticeEnvelopeSchema>

/** The one window message: the host hands the frame a private MessagePort; everything else goes over it. */
export const frameHandshakeSchema = z.strictObject({ type: z.literal('PAIRWISE_FRAME_INIT'), v })
export const frameHandshakeType = 'PAIRWISE_FRAME_INIT'

/** The frame address (FRAME-03): its path on the auth origin and its query. */
export const frameQuerySchema = z.strictObject({
  projectId: z.string().check(z.minLength(1), z.maxLength(128)),
  chainId: z.optional(z.string()),
  version: z.string(),
  enableLogger: z.optional(z.enum(['true', 'false'])),
  rpcUrl: z.optional(url),
})
export type FrameQuery = z.infer<typeof frameQuerySchema>

/** EIP-1193 codes the frame answers with (research §1.2). */
export const frameErrorCodes = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  unknownChain: 4902,
  invalidParams: -32602,
  internal: -32603,
} as const
