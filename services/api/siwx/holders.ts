import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { bearerToken } from '../../kit/index.js'
import { rateLimitedUntil } from '../http/apiError.js'
import { siwxLimits } from './limits.js'
import { hashHolderId, holderIdShape, newHolderId } from './randomIds.js'
import type { Holder, SiwxSessionStore } from './sessionStore.js'

/** How a sign-in is held: an HttpOnly cookie (default) or a short-lived bearer token the page keeps in memory. */
export type SiwxAuthMode = 'cookie' | 'bearer'

const cookieName = 'pairwise-siwx'

/**
 * Browsers keep a Secure cookie from https, and from http only on `localhost`. There the cookie is
 * `__Host-pairwise-siwx` (Secure, host-only, Path=/); on plain http to another host (127.0.0.1 in
 * development) it is `pairwise-siwx` without Secure, else the browser would drop it.
 */
const keepsSecureCookie = (url: URL) => url.protocol === 'https:' || url.hostname === 'localhost'

/**
 * Who holds the request's sign-in sessions. A holder id is 256 random bits, sent as the cookie value or
 * as `Authorization: Bearer <token>`; only its SHA-256 is stored. The server makes every id: a cookie or
 * token it does not know is ignored, never adopted.
 */
export class SiwxHolders {
  constructor(
    private readonly store: SiwxSessionStore,
    /** Live holders one client may have made through a project (siwxLimits.holdersPerClient). */
    private readonly perClient: number,
    /** The api's URL as browsers reach it, when it differs from the request's (a TLS proxy in front). */
    private readonly publicUrl?: string,
  ) {}

  /** The request's holder: the bearer token when an Authorization header is sent, else the cookie. */
  async current(c: Context, now: number): Promise<Holder | undefined> {
    if (c.req.header('authorization') !== undefined) return this.#find(this.#bearer(c), 'bearer', now)
    return this.#find(this.#cookie(c), 'cookie', now)
  }

  /** Each holder the request presents, its bearer token's and its cookie's: a sign-out ends both. */
  async presented(c: Context, now: number): Promise<Record<Holder['kind'], Holder | undefined>> {
    return {
      bearer: await this.#find(this.#bearer(c), 'bearer', now),
      cookie: await this.#find(this.#cookie(c), 'cookie', now),
    }
  }

  /**
   * The holder a sign-in goes to. Bearer: the request's valid token, else a new one (returned as
   * `token`, 15 minutes). Cookie: the request's known cookie, else a new id; either way the holder lives
   * 7 days from now and the cookie is (re)set. A new holder counts against `clientKey` (the request's
   * `clientBudgetKey`), refused with 429 when that client has its cap of live ones.
   */
  async establish(
    c: Context,
    mode: SiwxAuthMode,
    clientKey: string,
    now: number,
  ): Promise<{ holder: Holder; token?: string }> {
    if (mode === 'bearer') {
      const existing = await this.current(c, now)
      if (existing?.kind === 'bearer') return { holder: existing }
      const token = newHolderId()
      const holder: Holder = {
        hash: hashHolderId(token),
        kind: 'bearer',
        expiresAt: now + siwxLimits.bearerLifeMs,
      }
      await this.#create(holder, clientKey, now)
      return { holder, token }
    }
    const sent = this.#cookie(c)
    const known = sent !== undefined && (await this.#find(sent, 'cookie', now)) !== undefined
    const id = known ? sent : newHolderId()
    const holder: Holder = {
      hash: hashHolderId(id),
      kind: 'cookie',
      expiresAt: now + siwxLimits.cookieHolderLifeMs,
    }
    if (known) await this.store.renewHolder(holder)
    else await this.#create(holder, clientKey, now)
    const secure = this.#secure(c)
    setCookie(c, cookieName, id, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure,
      maxAge: siwxLimits.cookieHolderLifeMs / 1000,
      ...(secure ? { prefix: 'host' as const } : {}),
    })
    return { holder }
  }

  /** Tells the browser to drop the cookie. */
  clearCookie(c: Context): void {
    const secure = this.#secure(c)
    deleteCookie(c, cookieName, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure,
      ...(secure ? { prefix: 'host' as const } : {}),
    })
  }

  #secure(c: Context): boolean {
    return keepsSecureCookie(new URL(this.publicUrl ?? c.req.url))
  }

  #bearer(c: Context): string | undefined {
    return bearerToken(c.req.header('authorization'))
  }

  #cookie(c: Context): string | undefined {
    return this.#secure(c) ? getCookie(c, cookieName, 'host') : getCookie(c, cookieName)
  }

  async #create(holder: Holder, clientKey: string, now: number): Promise<void> {
    if (await this.store.createHolder(holder, clientKey, this.perClient, now)) return
    throw rateLimitedUntil(await this.store.nextHolderFreedAt(clientKey, now), now)
  }

  async #find(id: string | undefined, kind: Holder['kind'], now: number): Promise<Holder | undefined> {
    if (id === undefined || !holderIdShape.test(id)) return undefined
    const holder = await this.store.findHolder(hashHolderId(id), now)
    return holder?.kind === kind ? holder : undefined
  }
}
