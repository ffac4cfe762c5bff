import { Hono } from 'hono'
import { validQuery } from '../../api/http/validate.js'
import type { AuthContext } from '../authContext.js'
import { clientIp } from '../clientIp.js'
import { checkCode, mailCode } from '../codes.js'
import { authErrors } from '../errors.js'
import { authPaths } from '../protocol/paths.js'
import { reauthVerifyBody, scopedBody } from '../protocol/schemas.js'
import { authenticate, parseBody, rawBody, scopeOf, sessionScopeOf } from '../requests.js'

/**
 * GET session, POST sign-out, and re-authentication by a fresh code (reauth/start, reauth/verify). Each
 * names its project (GET in its query) and takes only a session that project made: another project's
 * frame on the same browser learns nothing of it (issue 31, finding 11).
 */
export function sessionRoutes(ctx: AuthContext): Hono {
  return new Hono()
    .get(authPaths.session, async (c) => {
      const scope = validQuery(c.req, scopedBody)
      await sessionScopeOf(ctx, c, scope)
      const { user } = await authenticate(ctx, c, new Uint8Array(0), scope.projectId)
      const wallet = (await ctx.wallets.get(user.id)) ?? null
      return c.json({ user: { id: user.id, email: user.email }, wallet })
    })
    .post(authPaths.signOut, async (c) => {
      const raw = await rawBody(c)
      const body = parseBody(raw, scopedBody)
      await sessionScopeOf(ctx, c, body)
      const { session } = await authenticate(ctx, c, raw, body.projectId)
      await ctx.sessions.revoke(session.hash)
      return c.body(null, 204)
    })
    .post(authPaths.reauthStart, async (c) => {
      const raw = await rawBody(c)
      const body = parseBody(raw, scopedBody)
      const project = await scopeOf(ctx, c, body)
      const { user, device } = await authenticate(ctx, c, raw, body.projectId)
      if (user.email === null) throw authErrors.noEmail()
      const attemptId = await mailCode(ctx, {
        kind: 'reauth',
        email: user.email,
        userId: user.id,
        device,
        project,
        hostOrigin: body.hostOrigin,
        ip: clientIp(ctx, c),
      })
      return c.json({ attemptId })
    })
    .post(authPaths.reauthVerify, async (c) => {
      const raw = await rawBody(c)
      const body = parseBody(raw, reauthVerifyBody)
      const project = await scopeOf(ctx, c, body)
      const { session, user, device } = await authenticate(ctx, c, raw, body.projectId)
      const attempt = await ctx.attempts.find(body.attemptId, ctx.now())
      // The code was mailed for this project ("Your <project> code to confirm it is you"): another
      // project's session of the same user and device does not take it.
      if (
        attempt?.kind !== 'reauth' ||
        attempt.userId !== user.id ||
        attempt.device.id !== device.id ||
        attempt.projectId !== project.id
      )
        throw authErrors.otpExpired()
      await checkCode(ctx, attempt, body.code, project)
      const freshUntil = ctx.now() + ctx.limits.reauthFreshMs
      await ctx.sessions.markFresh(session.hash, freshUntil)
      return c.json({ freshUntil })
    })
}
