import { type Context, Hono } from 'hono'
import type { AuthContext } from '../authContext.js'
import { clientIp } from '../clientIp.js'
import { mailCode, matchCode, sendMail, useCode } from '../codes.js'
import { authErrors } from '../errors.js'
import { authMails } from '../mails.js'
import { authPaths } from '../protocol/paths.js'
import { emailChangeBody, emailChangeCodeBody } from '../protocol/schemas.js'
import { authenticate, parseBody, rawBody, scopeOf } from '../requests.js'

/**
 * Email change (research §3): a code to the current address (VERIFY_PRIMARY_OTP), then one to the new
 * address (VERIFY_SECONDARY_OTP), both bound to one change id, the session's user and its device. The
 * wallet is unaffected; every other session of the user ends; the old address is told afterwards.
 * Whether the new address has an account is told only at the secondary step, to whoever holds its code:
 * before, taken and free addresses get the same answers and mails after the same throttle (issue 31,
 * finding 4).
 */
export function emailChangeRoutes(ctx: AuthContext): Hono {
  return new Hono()
    .post(authPaths.emailChange, async (c) => {
      const raw = await rawBody(c)
      const body = parseBody(raw, emailChangeBody)
      const project = await scopeOf(ctx, c, body)
      const { user, device } = await authenticate(ctx, c, raw, body.projectId)
      if (user.email === null) throw authErrors.noEmail()
      if (body.newEmail === user.email) throw authErrors.emailTaken()
      const attemptId = await mailCode(ctx, {
        kind: 'change-primary',
        newEmail: body.newEmail,
        email: user.email,
        userId: user.id,
        device,
        project,
        hostOrigin: body.hostOrigin,
        ip: clientIp(ctx, c),
      })
      const changeId = await ctx.changes.create(user.id, body.newEmail, attemptId, ctx.now())
      return c.json({ action: 'VERIFY_PRIMARY_OTP', changeId })
    })
    .post(authPaths.emailChangePrimary, async (c) => {
      const { project, user, device, change, body, attempt } = await codeMatched(ctx, c, 'primary')
      // Under the new address's lockout and throttle too, or a session could mail any address at will. The
      // current address's code is used up only once that mail is reserved, and given back if it cannot be
      // sent: a refusal or a failed send leaves it good (less the try this check took) for a retry, rather
      // than the change starting again.
      const secondary = await mailCode(
        ctx,
        {
          kind: 'change-secondary',
          email: change.newEmail,
          userId: user.id,
          device,
          project,
          hostOrigin: body.hostOrigin,
          ip: clientIp(ctx, c),
        },
        {
          take: () => useCode(ctx, attempt),
          giveBack: async () => {
            await ctx.attempts.giveBack(attempt.id)
          },
        },
      )
      await ctx.changes.advance(change.id, secondary)
      return c.json({})
    })
    .post(authPaths.emailChangeSecondary, async (c) => {
      const { project, session, user, change, attempt } = await codeMatched(ctx, c, 'secondary')
      await useCode(ctx, attempt)
      if (!(await ctx.users.changeEmail(user.id, change.newEmail))) throw authErrors.emailTaken()
      // The old mailbox may be why the address moved: the sessions it could have opened end. Only after the
      // move, so that a login through the old address cannot open one of this user's in between.
      await ctx.sessions.revokeOthers(user.id, session.hash)
      await ctx.changes.remove(change.id)
      if (user.email !== null)
        await sendMail(ctx, authMails.emailChanged(user.email, project, change.newEmail)).catch(
          () => undefined,
        )
      return c.json({ newEmail: change.newEmail })
    })
}

/**
 * One step of a change: the session's user and device, the change the body names, and the step's code,
 * matched against the attempt that mailed it but not yet used up (the step does, with `useCode`). Any
 * mismatch (another user's change, another step's attempt, another device, another project than the one
 * the code was mailed for) answers as an expired code does.
 */
async function codeMatched(ctx: AuthContext, c: Context, step: 'primary' | 'secondary') {
  const raw = await rawBody(c)
  const body = parseBody(raw, emailChangeCodeBody)
  const project = await scopeOf(ctx, c, body)
  const { session, user, device } = await authenticate(ctx, c, raw, body.projectId)
  const change = await ctx.changes.find(body.changeId, user.id, ctx.now())
  const attemptId = step === 'primary' ? change?.primaryAttempt : change?.secondaryAttempt
  const attempt = attemptId ? await ctx.attempts.find(attemptId, ctx.now()) : undefined
  if (
    !change ||
    attempt?.kind !== `change-${step}` ||
    attempt.device.id !== device.id ||
    attempt.projectId !== project.id
  )
    throw authErrors.otpExpired()
  await matchCode(ctx, attempt, body.code, project)
  return { body, project, session, user, device, change, attempt }
}
