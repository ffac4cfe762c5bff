import { socialProviderSchema } from '@pairwise/engine/frame'
import { z } from 'zod'

/** Hosts a plain-http endpoint may name: the local identity providers of the dev stack and tests. */
const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** An endpoint: https, or http on loopback only (oauth4webapi is told to allow it there and nowhere else). */
const endpoint = z
  .url()
  .max(500)
  .refine((text) => {
    const url = new URL(text)
    return url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname))
  }, 'https, or http on a loopback host')

const clientId = z.string().min(1).max(256)
const clientSecret = z.string().min(1).max(4096)
/** RFC 6749 §3.3 scope tokens. */
const scopes = z
  .array(z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]{1,100}$/, 'a scope token'))
  .min(1)
  .max(10)

/** OpenID Connect providers: endpoints come from the issuer's discovery document. */
const google = z.strictObject({
  provider: z.literal('google'),
  issuer: endpoint.default('https://accounts.google.com'),
  clientId,
  clientSecret,
  scopes: scopes.default(['openid', 'email', 'profile']),
})

/**
 * Apple's client secret is an ES256 JWT signed with the developer's key (appleClientSecret.ts), made for
 * each token request. Apple answers by form_post whenever name or email is asked for.
 */
const apple = z.strictObject({
  provider: z.literal('apple'),
  issuer: endpoint.default('https://appleid.apple.com'),
  /** The Services ID. */
  clientId,
  teamId: z.string().regex(/^[A-Z0-9]{10}$/, 'a 10-character team id'),
  keyId: z.string().regex(/^[A-Z0-9]{10}$/, 'a 10-character key id'),
  /** The .p8 key, PKCS#8 PEM (P-256). */
  privateKey: z.string().min(100).max(4096).includes('-----BEGIN PRIVATE KEY-----'),
  scopes: scopes.default(['name', 'email']),
})

/**
 * Plain OAuth 2 providers: fixed endpoints and an API to read the user from. `issuer`, when set, is what
 * the provider names itself in the callback's `iss` parameter (RFC 9207), which is then required.
 */
const oauth2 = <P extends 'github' | 'facebook' | 'x' | 'discord'>(
  provider: P,
  defaults: { authorization: string; token: string; api: string; scopes: string[]; issuer?: string },
) =>
  z.strictObject({
    provider: z.literal(provider),
    authorizationEndpoint: endpoint.default(defaults.authorization),
    tokenEndpoint: endpoint.default(defaults.token),
    /** Where the provider's user API lives (profile paths are appended, userProfiles.ts). */
    apiBase: endpoint.default(defaults.api),
    issuer: defaults.issuer === undefined ? endpoint.optional() : endpoint.default(defaults.issuer),
    clientId,
    clientSecret,
    scopes: scopes.default(defaults.scopes),
  })

/** One provider's settings, with the real provider's endpoints by default. */
export const socialProviderConfigSchema = z.discriminatedUnion('provider', [
  google,
  apple,
  oauth2('github', {
    authorization: 'https://github.com/login/oauth/authorize',
    token: 'https://github.com/login/oauth/access_token',
    api: 'https://api.github.com',
    scopes: ['read:user', 'user:email'],
  }),
  oauth2('facebook', {
    authorization: 'https://www.facebook.com/v23.0/dialog/oauth',
    token: 'https://graph.facebook.com/v23.0/oauth/access_token',
    api: 'https://graph.facebook.com/v23.0',
    scopes: ['public_profile', 'email'],
  }),
  oauth2('x', {
    authorization: 'https://x.com/i/oauth2/authorize',
    token: 'https://api.x.com/2/oauth2/token',
    api: 'https://api.x.com',
    scopes: ['users.read', 'tweet.read'],
  }),
  oauth2('discord', {
    authorization: 'https://discord.com/oauth2/authorize',
    token: 'https://discord.com/api/oauth2/token',
    api: 'https://discord.com/api',
    scopes: ['identify', 'email'],
    issuer: 'https://discord.com',
  }),
])
export type SocialProviderConfig = z.output<typeof socialProviderConfigSchema>
export type SocialProviderConfigInput = z.input<typeof socialProviderConfigSchema>
export type SocialProviderName = SocialProviderConfig['provider']
export type OAuth2ProviderConfig = Extract<SocialProviderConfig, { authorizationEndpoint: string }>

/** The configured providers: each at most once. */
export const socialConfigSchema = z
  .array(socialProviderConfigSchema)
  .max(socialProviderSchema.options.length)
  .refine(
    (configs) => new Set(configs.map((config) => config.provider)).size === configs.length,
    'each provider at most once',
  )
