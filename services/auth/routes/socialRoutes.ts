import { socialProviderSchema } from '@pairwise/engine/frame'
import { type Context, Hono } from 'hono'
import { effectiveFeatures } from '../../api/projects/project.js'
import type { AuthContext } from '../authContext.js'
import { clientIp } from '../clientIp.js'
import { authErrors } from '../errors.js'
import { authPaths } from '../protocol/paths.js'
import { socialCallbackParams, socialRedeemBody, socialStartBody } from '../protocol/schemas.js'
import { deviceOf, parseBody, projectOf, rawBody } from '../requests.js'
import { hashToken, newToken } from '../secrets.js'
import { handoffPage } from '../social/handoffPage.js'
import { openSession } from './openSession.js'

const formType = 'application/x-www-form-urlencoded'

/**
 * The callback's parameters: the query of a GET, or the form Apple posts (form_post) with its query. A
 * parameter given twice is refused (RFC 6749 §3.1) rather than one copy picked: which `code` or `state`
 * counts must not depend on where a forger put a second one.
 */
async function callbackParameters(c: Context): Promise<URLSearchParams> {
  const given = [...new URL(c.req.url).searchParams]
  if (c.req.method === 'POST') {
    if (!(c.req.header('content-type') ?? '').startsWith(formType)) throw authErrors.socialFailed()
    given.push(...new URLSearchParams(await c.req.text()))
  }
  const fields = Object.fromEntries(given)
  if (Object.keys(fields).length !== given.length) throw authErrors.socialFailed()
  const parsed = socialCallbackParams.safeParse(fields)
  if (!parsed.success) throw authErrors.socialFailed()
  return new URLSearchParams(parsed.data)
}

/**
 * Social login (research §4.2): social/start records an attempt (state, nonce, PKCE verifier, bound to
 * the signing device and the verified host origin) and answers the provider's authorize URL; the
 * provider sends the browser to social/callback/<provider>, where the code is exchanged as a
 * confidential client and a ticket (60 s, single use) is handed over; social/redeem, signed by the
 * device that started, turns the ticket into a session of the identity's own user.
 */
export function socialRoutes(ctx: AuthContext): Hono {
  const callback = async (c: Context) => {
    const named = socialProviderSchema.safeParse(c.req.param('provider'))
    if (!named.success) throw authErrors.socialFailed()
    const provider = named.data
    const parameters = await callbackParameters(c)
    const state = parameters.get('state')
    const now = ctx.now()
    const attempt = state ? await ctx.socialAttempts.takeState(hashToken(state), now) : undefined
    if (!state || !attempt || attempt.provider !== provider || !ctx.social.has(provider))
      throw authErrors.socialFailed()
    let identity: Awaited<ReturnType<typeof ctx.social.complete>>
    try {
      identity = await ctx.social.complete(provider, parameters, {
        state,
        nonce: attempt.nonce,
        codeVerifier: attempt.codeVerifier,
      })
    } catch (error) {
      ctx.logger.warn('social callback refused', {
        provider,
        error: error instanceof Error ? error.message : String(error),
      })
      throw authErrors.socialFailed()
    }
    const { userId } = await ctx.identities.resolve(identity, ctx.now())
    const ticket = newToken()
    await ctx.socialAttempts.issueTicket(attempt.id, hashToken(ticket), userId, ctx.now())
    const page = handoffPage(ticket, attempt.hostOrigin, attempt.returnPath)
    return c.html(page.html, 200, page.headers)
  }

  return new Hono()
    .post(authPaths.socialStart, async (c) => {
      const raw = await rawBody(c)
      const body = parseBody(raw, socialStartBody)
      const project = await projectOf(ctx, c, body)
      const socials = effectiveFeatures(project).socials
      if (!socials || !socials.includes(body.provider) || !ctx.social.has(body.provider))
        throw authErrors.socialDisabled()
      await ctx.proofs.check(c, raw, body.device.signingKey)
      const secrets = { state: newToken(), nonce: newToken(), codeVerifier: newToken() }
      const attemptId = await ctx.socialAttempts.create(
        {
          stateHash: hashToken(secrets.state),
          provider: body.provider,
          projectId: project.id,
          hostOrigin: body.hostOrigin,
          returnPath: body.returnPath ?? null,
          device: await deviceOf(body.device),
          ip: clientIp(ctx, c),
          nonce: secrets.nonce,
          codeVerifier: secrets.codeVerifier,
        },
        ctx.now(),
      )
      if (attemptId === undefined) throw authErrors.tryAgainAfter(ctx.limits.socialAttemptLifeMs)
      return c.json({ uri: await ctx.social.authorizeUrl(body.provider, secrets) })
    })
    .get(`${authPaths.socialCallback}/:provider`, callback)
    .post(`${authPaths.socialCallback}/:provider`, callback)
    .post(authPaths.socialRedeem, async (c) => {
      const raw = await rawBody(c)
      const body = parseBody(raw, socialRedeemBody)
      const project = await projectOf(ctx, c, body)
      const attempt = await ctx.socialAttempts.byTicket(hashToken(body.ticket), ctx.now())
      if (!attempt?.userId || attempt.projectId !== project.id || attempt.hostOrigin !== body.hostOrigin)
        throw authErrors.ticketInvalid()
      await ctx.proofs.check(c, raw, attempt.device.signingKey)
      const now = ctx.now()
      if (!(await ctx.socialAttempts.redeem(attempt.id, now))) throw authErrors.ticketInvalid()
      const identity = await ctx.identities.ofUser(attempt.userId)
      if (!identity) throw authErrors.ticketInvalid()
      // The provider's login proves the identity; the device that started it is approved for its user.
      const { session, wallet } = await openSession(ctx, attempt.userId, attempt.device, project)
      return c.json({
        session,
        user: { id: attempt.userId, provider: identity.provider, email: identity.email, name: identity.name },
        wallet,
      })
    })
}
