import type { SIWXSession } from '@pairwise/engine/siwx'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { clientKey } from '../../kit/index.js'
import { rateLimited } from '../http/apiError.js'
import { apiRequest } from '../http/clientAddress.js'
import type { Project, RouteDeps } from '../http/types.js'
import { validJson, validQuery } from '../http/validate.js'
import { clientBudgetKey } from '../projects/clientBudget.js'
import { sharedStateOf } from '../sharedStateOf.js'
import { acceptSignIn, type SiwxVerify, storedAddress } from './acceptSignIn.js'
import { siwxErrors } from './errors.js'
import { SiwxHolders } from './holders.js'
import { siwxLimits } from './limits.js'
import { SiwxNonceStore } from './nonceStore.js'
import { authQuerySchema, pairQuerySchema, siwxSessionBodySchema, siwxSessionsBodySchema } from './schema.js'
import { type SignIn, SiwxSessionStore } from './sessionStore.js'

export type SiwxRouteOptions = {
  /** Checks a signature over a message for an address on a chain (services/api/siwx/verify). */
  verify: SiwxVerify
  /** The CAIP-2 ids sign-in is accepted on: the api's EVM chains and the configured Solana/Bitcoin ones. */
  chains: readonly string[]
  /** The api's URL as browsers reach it, when a proxy in front changes it; decides the cookie's form. */
  publicUrl?: string
  noncesPerIpPerMinute?: number
  /** Live holders one client may make through a project; past it a sign-in answers 429 (default 100). */
  holdersPerClient?: number
}

const iso = (ms: number) => new Date(ms).toISOString()

/**
 * Sign in with X against this api (every route also takes `?projectId=` and its guard):
 * `POST /siwx/nonce`, `POST /siwx/sessions` (`?auth=bearer` for a token instead of the cookie),
 * `GET` / `DELETE /siwx/sessions?chainId=&address=`, `PUT /siwx/sessions`, `GET /siwx/me` and
 * `POST /siwx/sign-out` (of the project's sign-ins only). The caps on what a client can make it hold
 * are in ./limits.ts.
 */
export function siwxRoutes(deps: RouteDeps & SiwxRouteOptions): Hono {
  const nonces = new SiwxNonceStore(deps.db)
  const store = new SiwxSessionStore(deps.db)
  const holders = new SiwxHolders(store, deps.holdersPerClient ?? siwxLimits.holdersPerClient, deps.publicUrl)
  const perIp = sharedStateOf(deps).counter('siwx-nonce-ip', { now: deps.now })
  const noncesPerIp = deps.noncesPerIpPerMinute ?? siwxLimits.noncesPerIpPerMinute
  const chains = new Set(deps.chains)

  const accept = (c: Context, project: Project, session: SIWXSession, now: number, consumed?: Set<string>) =>
    acceptSignIn(
      session,
      {
        projectId: project.id,
        allowedOrigins: project.allowedOrigins,
        origin: c.req.header('origin'),
        chains,
        now,
      },
      { nonces, verify: deps.verify, ...(consumed ? { consumed } : {}) },
    )
  // A bearer token's sessions end with it.
  const heldUntil = (signIn: SignIn, until: number): SignIn => ({
    ...signIn,
    expiresAt: Math.min(signIn.expiresAt, until),
  })

  return new Hono()
    .post('/siwx/nonce', async (c) => {
      const project = await deps.project(apiRequest(c))
      if (!(await perIp.take(clientKey(apiRequest(c).client()), noncesPerIp)))
        throw rateLimited(perIp.retryAfterSeconds())
      const now = deps.now()
      const issued = await nonces.issue(project.id, now)
      // The server's time, which the message's Issued At is checked against: a visitor's clock may be off.
      return c.json({ nonce: issued.nonce, expiresAt: iso(issued.expiresAt), issuedAt: iso(now) })
    })
    .post('/siwx/sessions', async (c) => {
      const project = await deps.project(apiRequest(c))
      const { auth } = validQuery(c.req, authQuerySchema)
      const body = await validJson(c.req, siwxSessionBodySchema)
      const now = deps.now()
      await store.prune(now)
      const signIn = await accept(c, project, body, now)
      const client = clientBudgetKey(project.id, apiRequest(c).client())
      const { holder, token } = await holders.establish(c, auth, client, now)
      const held = heldUntil(signIn, holder.expiresAt)
      await store.add(holder.hash, project.id, held, now)
      return c.json(
        { session: held.session, expiresAt: iso(held.expiresAt), ...(token ? { token } : {}) },
        201,
      )
    })
    .get('/siwx/sessions', async (c) => {
      const project = await deps.project(apiRequest(c))
      const { chainId, address } = validQuery(c.req, pairQuerySchema)
      const now = deps.now()
      const holder = await holders.current(c, now)
      if (!holder) return c.json([])
      return c.json(
        await store.sessions(holder.hash, project.id, chainId, storedAddress(chainId, address), now),
      )
    })
    .delete('/siwx/sessions', async (c) => {
      const project = await deps.project(apiRequest(c))
      const { chainId, address } = validQuery(c.req, pairQuerySchema)
      const holder = await holders.current(c, deps.now())
      if (holder) await store.remove(holder.hash, project.id, chainId, storedAddress(chainId, address))
      return c.body(null, 204)
    })
    .put('/siwx/sessions', async (c) => {
      const project = await deps.project(apiRequest(c))
      const { auth } = validQuery(c.req, authQuerySchema)
      const body = await validJson(c.req, siwxSessionsBodySchema)
      const now = deps.now()
      await store.prune(now)
      const signIns: SignIn[] = []
      const consumed = new Set<string>()
      for (const session of body) signIns.push(await accept(c, project, session, now, consumed))
      const current = await holders.current(c, now)
      if (signIns.length === 0) {
        if (current) await store.replace(current.hash, project.id, [], now)
        return c.json({ sessions: [] })
      }
      const client = clientBudgetKey(project.id, apiRequest(c).client())
      const { holder, token } = await holders.establish(c, auth, client, now)
      await store.replace(
        holder.hash,
        project.id,
        signIns.map((each) => heldUntil(each, holder.expiresAt)),
        now,
      )
      return c.json({ sessions: signIns.map((each) => each.session), ...(token ? { token } : {}) })
    })
    .get('/siwx/me', async (c) => {
      const project = await deps.project(apiRequest(c))
      const now = deps.now()
      const holder = await holders.current(c, now)
      const signedIn = holder ? await store.summaries(holder.hash, project.id, now) : []
      if (signedIn.length === 0) throw siwxErrors.notSignedIn()
      return c.json({ sessions: signedIn.map((each) => ({ ...each, expiresAt: iso(each.expiresAt) })) })
    })
    .post('/siwx/sign-out', async (c) => {
      const project = await deps.project(apiRequest(c))
      // Signed out of whatever the request presents: a token sent beside the cookie leaves neither signed in.
      const { bearer, cookie } = await holders.presented(c, deps.now())
      if (bearer) await store.signOut(bearer.hash, project.id)
      // The cookie is dropped only once no project's sign-in is left on it.
      if (!cookie || (await store.signOut(cookie.hash, project.id))) holders.clearCookie(c)
      return c.body(null, 204)
    })
}
