import * as oauth from 'oauth4webapi'
import { cappedBody } from '../../kit/index.js'
import { authPaths } from '../protocol/paths.js'
import { appleClientSecret } from './appleClientSecret.js'
import type { OAuth2ProviderConfig, SocialProviderConfig, SocialProviderName } from './providerConfig.js'
import {
  appleUserField,
  identityFromApi,
  identityFromIdToken,
  idTokenClaims,
  type SocialIdentity,
} from './userProfiles.js'

/** What a login attempt keeps server-side for its callback. */
export type PendingSecrets = { state: string; nonce: string; codeVerifier: string }

/** How long one request to a provider may take, and how much of its answer is read. */
export type ProviderCallLimits = { socialProviderTimeoutMs: number; socialProviderMaxBytes: number }

/** Answers without a body (the Response constructor refuses one for them). */
const bodiless = new Set([204, 205, 304])

/**
 * Every request to a provider, timed out and its answer read only up to the cap: the callback waits on
 * these, so a provider that stalls or streams without end must not hold it (or this process's memory).
 */
const boundedFetch =
  (limits: ProviderCallLimits) =>
  async (url: string, init: oauth.CustomFetchOptions<string, unknown>): Promise<Response> => {
    const response = await fetch(url, {
      ...(init as RequestInit),
      signal: AbortSignal.timeout(limits.socialProviderTimeoutMs),
    })
    const body = await cappedBody(response, limits.socialProviderMaxBytes)
    if (body === undefined)
      throw new Error(`${new URL(url).origin} answered more than ${limits.socialProviderMaxBytes} bytes`)
    const { status, statusText, headers } = response
    return new Response(bodiless.has(status) ? null : body, { status, statusText, headers })
  }

const oidc = (
  config: SocialProviderConfig,
): config is Extract<SocialProviderConfig, { issuer: string }> & {
  provider: 'google' | 'apple'
} => config.provider === 'google' || config.provider === 'apple'

/**
 * The auth service as a confidential OAuth client of each configured provider (oauth4webapi): PKCE S256
 * and a state on every request, a nonce checked in every ID token, the issuer checked in the callback
 * (RFC 9207) and in the ID token. OIDC providers' discovery documents are fetched once per instance.
 */
export class SocialClients {
  readonly #configs: ReadonlyMap<SocialProviderName, SocialProviderConfig>
  readonly #discovered = new Map<SocialProviderName, Promise<oauth.AuthorizationServer>>()
  readonly #fetch: ReturnType<typeof boundedFetch>

  constructor(
    configs: readonly SocialProviderConfig[],
    /** Where the provider sends the browser back: this service's public URL. */
    private readonly publicUrl: () => string,
    private readonly now: () => number,
    limits: ProviderCallLimits,
  ) {
    this.#configs = new Map(configs.map((config) => [config.provider, config]))
    this.#fetch = boundedFetch(limits)
  }

  has(provider: SocialProviderName): boolean {
    return this.#configs.has(provider)
  }

  redirectUri(provider: SocialProviderName): string {
    return `${this.publicUrl()}${authPaths.socialCallback}/${provider}`
  }

  /** The provider's authorize URL for one attempt. */
  async authorizeUrl(provider: SocialProviderName, secrets: PendingSecrets): Promise<string> {
    const config = this.#config(provider)
    const as = await this.#server(config)
    if (!as.authorization_endpoint) throw new Error(`${provider}: no authorization endpoint`)
    const url = new URL(as.authorization_endpoint)
    const params = url.searchParams
    params.set('client_id', config.clientId)
    params.set('redirect_uri', this.redirectUri(provider))
    params.set('response_type', 'code')
    params.set('scope', config.scopes.join(' '))
    params.set('state', secrets.state)
    params.set('code_challenge', await oauth.calculatePKCECodeChallenge(secrets.codeVerifier))
    params.set('code_challenge_method', 'S256')
    if (oidc(config)) params.set('nonce', secrets.nonce)
    // Apple posts the result whenever name or email is asked for; the callback takes both forms.
    if (config.provider === 'apple') params.set('response_mode', 'form_post')
    return url.href
  }

  /**
   * The callback's parameters checked against the attempt (state, iss, error), the code exchanged with
   * the PKCE verifier, and the user read from the ID token or the provider's API.
   */
  async complete(
    provider: SocialProviderName,
    parameters: URLSearchParams,
    secrets: PendingSecrets,
  ): Promise<SocialIdentity> {
    const config = this.#config(provider)
    const as = await this.#server(config)
    const client: oauth.Client = { client_id: config.clientId }
    const checked = oauth.validateAuthResponse(as, client, parameters, secrets.state)
    if (!as.token_endpoint) throw new Error(`${provider}: no token endpoint`)
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      this.#clientAuth(config),
      checked,
      this.redirectUri(provider),
      secrets.codeVerifier,
      this.#requestOptions(as.token_endpoint),
    )
    if (oidc(config)) {
      const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
        expectedNonce: secrets.nonce,
        requireIdToken: true,
      })
      const claims = idTokenClaims.parse(oauth.getValidatedIdTokenClaims(result))
      return identityFromIdToken(config.provider, claims, appleName(config.provider, parameters))
    }
    const result = await oauth.processAuthorizationCodeResponse(as, client, response)
    const base = (config as OAuth2ProviderConfig).apiBase
    return identityFromApi(config.provider as OAuth2ProviderConfig['provider'], async (path) => {
      const headers = new Headers({ accept: 'application/json', 'user-agent': 'pairwise-auth' })
      const answer = await oauth.protectedResourceRequest(
        result.access_token,
        'GET',
        new URL(`${base}${path}`),
        headers,
        null,
        this.#requestOptions(base),
      )
      if (!answer.ok) throw new Error(`${provider} ${path}: HTTP ${answer.status}`)
      return answer.json()
    })
  }

  /** Plain http is allowed where providerConfig.ts allows it (loopback only); every request is bounded. */
  #requestOptions(url: string) {
    return {
      [oauth.allowInsecureRequests]: new URL(url).protocol === 'http:',
      [oauth.customFetch]: this.#fetch,
    }
  }

  #config(provider: SocialProviderName): SocialProviderConfig {
    const config = this.#configs.get(provider)
    if (!config) throw new Error(`${provider} is not configured`)
    return config
  }

  #clientAuth(config: SocialProviderConfig): oauth.ClientAuth {
    if (config.provider === 'apple') return oauth.ClientSecretPost(appleClientSecret(config, this.now()))
    // X takes confidential clients' credentials only by HTTP Basic.
    if (config.provider === 'x') return oauth.ClientSecretBasic(config.clientSecret)
    return oauth.ClientSecretPost(config.clientSecret)
  }

  #server(config: SocialProviderConfig): Promise<oauth.AuthorizationServer> {
    if (!oidc(config)) {
      const plain = config as OAuth2ProviderConfig
      return Promise.resolve({
        issuer: plain.issuer ?? new URL(plain.authorizationEndpoint).origin,
        authorization_endpoint: plain.authorizationEndpoint,
        token_endpoint: plain.tokenEndpoint,
        ...(plain.issuer === undefined ? {} : { authorization_response_iss_parameter_supported: true }),
      })
    }
    let found = this.#discovered.get(config.provider)
    if (!found) {
      const issuer = new URL(config.issuer)
      found = oauth
        .discoveryRequest(issuer, { algorithm: 'oidc', ...this.#requestOptions(config.issuer) })
        .then((response) => oauth.processDiscoveryResponse(issuer, response))
      // A failed discovery is tried again by the next login rather than remembered.
      found.catch(() => this.#discovered.delete(config.provider))
      this.#discovered.set(config.provider, found)
    }
    return found
  }
}

/** Apple's first-login name from its `user` form field; any other provider's callback has none. */
function appleName(provider: 'google' | 'apple', parameters: URLSearchParams): string | undefined {
  const field = parameters.get('user')
  if (provider !== 'apple' || field === null || field.length > 2000) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(field)
  } catch {
    return undefined
  }
  const user = appleUserField.safeParse(parsed)
  if (!user.success) return undefined
  const full = [user.data.name?.firstName, user.data.name?.lastName].filter(Boolean).join(' ')
  return full || undefined
}
