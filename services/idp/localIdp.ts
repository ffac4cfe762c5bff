import { generateKeyPairSync, randomBytes, verify } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Logger } from '@pairwise/common'
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider'
import { authPaths } from '../auth/protocol/paths.js'
import type { SocialProviderConfigInput, SocialProviderName } from '../auth/social/providerConfig.js'
import {
  escapeHtml,
  formPage,
  formPageHeaders,
  HttpError,
  type RequestHandler,
  requestTarget,
  serve,
} from '../kit/index.js'
import { consoleLogger } from '../relay/index.js'
import { type TestAccount, testAccounts } from './testAccounts.js'

export type LocalIdp = {
  /** `http://127.0.0.1:port`, also the OIDC issuer. */
  readonly url: string
  /** The auth service's settings for every local provider (startAuth `socialProviders`). */
  readonly providers: SocialProviderConfigInput[]
  /** The Apple developer key's identifiers, for tests that make a client secret of their own. */
  readonly apple: { teamId: string; keyId: string; privateKey: string }
  close(): Promise<void>
}

const clientId = (provider: SocialProviderName) => `${provider}-client`
const clientSecret = (provider: SocialProviderName) => `${provider}-secret`
const providers = Object.keys(testAccounts) as SocialProviderName[]
const appleTeamId = 'TEAM000001'
const appleKeyId = 'KEY0000001'

/** Every account by its subject (they differ across providers), with the provider it belongs to. */
const accounts = new Map(
  providers.flatMap((provider) =>
    testAccounts[provider].map((account) => [account.subject, { provider, account }] as const),
  ),
)

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

/** Largest token request body; a larger one gets 413. */
const MAX_BODY_BYTES = 64 * 1024

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY_BYTES) throw new HttpError(413, `Request body over ${MAX_BODY_BYTES} bytes`)
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** What each provider's API answers for an account (the shapes userProfiles.ts reads). */
const resources: Record<string, (account: TestAccount, path: string) => unknown> = {
  github: (account, path) =>
    path === '/user/emails'
      ? [{ email: account.email, primary: true, verified: account.emailVerified, visibility: 'private' }]
      : { id: Number(account.subject), login: account.username, name: account.name },
  facebook: (account) => ({ id: account.subject, name: account.name, email: account.email }),
  x: (account) => ({ data: { id: account.subject, name: account.name, username: account.username } }),
  discord: (account) => ({
    id: account.subject,
    username: account.username,
    global_name: account.name,
    email: account.email,
    verified: account.emailVerified,
  }),
}
const resourcePaths: Record<string, readonly string[]> = {
  github: ['/user', '/user/emails'],
  facebook: ['/me'],
  x: ['/2/users/me'],
  discord: ['/api/users/@me'],
}

/**
 * The dev stack's stand-in for the six social providers (research §4.3, verified-components.md): one
 * oidc-provider instance on loopback, one client per provider with that provider's rules, and thin
 * shims for what oidc-provider does not do itself: GitHub, Facebook, X and Discord's user APIs (each
 * under its own path, reading the access token with `AccessToken.find`), Apple's ES256 client secret
 * (checked, then swapped for the registered one before the token endpoint sees it) and Apple's `user`
 * form field on an account's first authorization. Logins finish at once as the provider's first test
 * account, or the one `login_hint` names; consent is implied.
 */
export async function startLocalIdp(options: {
  /** The auth service's public URL: each client's redirect URI is its social callback there. */
  authUrl: string
  /** Defaults to 127.0.0.1; other `Host` names than this, `localhost` and IP literals get 421. */
  host?: string
  port?: number
  /** Defaults to JSON lines on stderr at `warn`. */
  logger?: Logger
}): Promise<LocalIdp> {
  const host = options.host ?? '127.0.0.1'
  const logger = options.logger ?? consoleLogger('warn')
  // The provider needs the URL, known once listening; until it is made, requests get 503.
  let route: RequestHandler = () => {
    throw new HttpError(503, 'Starting')
  }
  const served = await serve((req, res) => route(req, res), {
    name: 'idp',
    logger,
    errorFormat: 'json',
    host,
    port: options.port ?? 0,
    names: [host],
  })
  const { url } = served
  const appleKeys = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const applePrivateKey = appleKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })
  /** Accounts that already authorized the Apple client: Apple sends the name only before this. */
  const appleAuthorized = new Set<string>()
  /**
   * What oidc-provider holds as the Apple client's secret: known only here, and put in a token request by
   * the shim below once the ES256 JWT checks out. A request that skips the shim (HTTP Basic, `/TOKEN`,
   * `/token/`, routes oidc-provider also takes) cannot name it, so none gets past Apple's rule.
   */
  const appleRegisteredSecret = randomBytes(32).toString('base64url')

  const configuration: Configuration = {
    clients: providers.map((provider) => ({
      client_id: clientId(provider),
      client_secret: provider === 'apple' ? appleRegisteredSecret : clientSecret(provider),
      redirect_uris: [`${options.authUrl}${authPaths.socialCallback}/${provider}`],
      response_types: ['code'],
      grant_types: ['authorization_code'],
      // X takes a confidential client's credentials by HTTP Basic only.
      token_endpoint_auth_method: provider === 'x' ? 'client_secret_basic' : 'client_secret_post',
    })),
    pkce: { required: () => true },
    // Sign-out is never asked of this provider, and oidc-provider's own logout pages load a Google font.
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: false } },
    // oidc-provider's error page loads a Google font: this one names no host but its own.
    async renderError(ctx, out) {
      ctx.type = 'html'
      ctx.set(formPageHeaders)
      ctx.body = formPage(
        'Sign-in failed',
        `<p>${escapeHtml(String(out.error_description ?? out.error))}</p>`,
      )
    },
    scopes: [
      'openid',
      'read:user',
      'user:email',
      'public_profile',
      'users.read',
      'tweet.read',
      'identify',
      'name',
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], name: ['name'] },
    // Google puts email and name in the ID token itself.
    conformIdTokenClaims: false,
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [{ ...signingKey, kid: 'local-idp', use: 'sig', alg: 'RS256' }] },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const found = accounts.get(sub)
      if (!found) return undefined
      const { provider, account } = found
      return {
        accountId: sub,
        async claims() {
          if (provider === 'apple')
            // Apple: the flag as a string, and never the name in a token.
            return { sub, email: account.email ?? undefined, email_verified: String(account.emailVerified) }
          return {
            sub,
            email: account.email ?? undefined,
            email_verified: account.emailVerified,
            name: account.name,
          }
        },
      }
    },
    async loadExistingGrant(ctx) {
      const { client, session, params } = ctx.oidc
      if (!client || !session?.accountId) return undefined
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId })
      grant.addOIDCScope(String(params?.scope ?? ''))
      grant.addOIDCClaims(['email', 'email_verified', 'name'])
      await grant.save()
      return grant
    },
  }
  const provider = new Provider(url, configuration)

  provider.use(async (ctx: KoaContextWithOIDC, next) => {
    await next()
    const accountId = ctx.oidc?.session?.accountId
    if (ctx.oidc?.client?.clientId !== clientId('apple') || !accountId || typeof ctx.body !== 'string') return
    if (!ctx.body.includes('name="code"') || appleAuthorized.has(accountId)) return
    appleAuthorized.add(accountId)
    const account = accounts.get(accountId)?.account
    if (!account) return
    const [firstName, ...rest] = account.name.split(' ')
    const user = JSON.stringify({ name: { firstName, lastName: rest.join(' ') }, email: account.email })
    const field = `<input type="hidden" name="user" value="${user.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"/>`
    ctx.body = ctx.body.replace('<noscript>', `${field}\n    <noscript>`)
  })

  const callback = provider.callback()

  /** Apple's client secret: an ES256 JWT by the developer key, for this client, still valid. */
  const appleSecretValid = (jwt: string) => {
    const [header, payload, signature] = jwt.split('.')
    if (!header || !payload || !signature) return false
    const okSignature = verify(
      'sha256',
      Buffer.from(`${header}.${payload}`),
      { key: appleKeys.publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    )
    if (!okSignature) return false
    const head = jwtPart(header)
    const claims = jwtPart(payload)
    const now = Date.now() / 1000
    return (
      head !== undefined &&
      claims !== undefined &&
      head.alg === 'ES256' &&
      head.kid === appleKeyId &&
      claims.iss === appleTeamId &&
      claims.sub === clientId('apple') &&
      claims.aud === url &&
      typeof claims.exp === 'number' &&
      claims.exp > now
    )
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = requestTarget(req, url).pathname
    const interaction = /^\/interaction\/([\w-]+)$/.exec(path)
    if (interaction && req.method === 'GET') {
      const details = await provider.interactionDetails(req, res).catch(refuseOidcError)
      const profile = String(details.params.client_id ?? '').replace(/-client$/, '') as SocialProviderName
      const known = testAccounts[profile] ?? []
      const hinted = known.find((account) => account.subject === details.params.login_hint) ?? known[0]
      if (!hinted) return json(res, 400, { error: 'unknown client' })
      return provider
        .interactionFinished(
          req,
          res,
          { login: { accountId: hinted.subject } },
          { mergeWithLastSubmission: false },
        )
        .catch(refuseOidcError)
    }
    const resource = /^\/(github|facebook|x|discord)(\/.*)$/.exec(path)
    if (resource && req.method === 'GET') {
      const [, profile = '', rest = ''] = resource
      if (!resourcePaths[profile]?.includes(rest)) return json(res, 404, { error: 'not_found' })
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
      const token = bearer ? await provider.AccessToken.find(bearer) : undefined
      const account = token?.accountId ? accounts.get(token.accountId) : undefined
      if (!token || token.clientId !== clientId(profile as SocialProviderName) || !account)
        return json(res, 401, { error: 'invalid_token' })
      return json(res, 200, resources[profile]?.(account.account, rest))
    }
    if (path === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(await readText(req))
      if (form.get('client_id') === clientId('apple')) {
        if (!appleSecretValid(form.get('client_secret') ?? ''))
          return json(res, 400, { error: 'invalid_client', error_description: 'client secret JWT refused' })
        form.set('client_secret', appleRegisteredSecret)
      }
      // The stream is read: oidc-provider takes the (rewritten) body from req.body instead.
      Object.assign(req, { body: form.toString() })
    }
    return callback(req, res)
  }
  /** oidc-provider's client errors (an unknown or expired interaction: SessionNotFound) as their 4xx. */
  const refuseOidcError = (error: unknown): never => {
    if (!isOidcClientError(error)) throw error
    logger.debug('idp: request refused', { error: error.message, detail: error.error_description })
    throw new HttpError(error.status, error.error)
  }
  route = handle

  const secretOf = (name: SocialProviderName) => ({
    clientId: clientId(name),
    clientSecret: clientSecret(name),
  })
  const oauth2 = (name: 'github' | 'facebook' | 'x' | 'discord', apiBase: string) => ({
    provider: name,
    authorizationEndpoint: `${url}/auth`,
    tokenEndpoint: `${url}/token`,
    apiBase,
    issuer: url,
    ...secretOf(name),
  })
  return {
    url,
    apple: { teamId: appleTeamId, keyId: appleKeyId, privateKey: applePrivateKey },
    providers: [
      { provider: 'google', issuer: url, ...secretOf('google') },
      {
        provider: 'apple',
        issuer: url,
        clientId: clientId('apple'),
        teamId: appleTeamId,
        keyId: appleKeyId,
        privateKey: applePrivateKey,
        // Real Apple sends an ID token for `name email`; oidc-provider needs `openid` asked for.
        scopes: ['openid', 'name', 'email'],
      },
      oauth2('github', `${url}/github`),
      oauth2('facebook', `${url}/facebook`),
      oauth2('x', `${url}/x`),
      oauth2('discord', `${url}/discord/api`),
    ],
    close: () => served.close(),
  }
}

/** A JWT's header or payload: a JSON object, or undefined for anything else. */
function jwtPart(segment: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString())
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

/** An error oidc-provider throws for the client's request (`expose`), with its OAuth `error` code. */
function isOidcClientError(
  error: unknown,
): error is Error & { status: number; error: string; error_description?: string } {
  if (!(error instanceof Error)) return false
  const { status, expose, error: code } = error as Error & Record<string, unknown>
  return expose === true && typeof status === 'number' && status < 500 && typeof code === 'string'
}
