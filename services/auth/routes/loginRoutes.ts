import { type Context, Hono } from 'hono'
import type { StoredProject } from '../../api/projects/project.js'
import type { Attempt } from '../attemptStore.js'
import type { AuthContext } from '../authContext.js'
import { clientIp } from '../clientIp.js'
import { checkCode, mailCode, sendMail } from '../codes.js'
import { authErrors } from '../errors.js'
import { authMails } from '../mails.js'
import { authPaths } from '../protocol/paths.js'
import { deviceWaitBody, emailStartBody, emailVerifyBody } from '../protocol/schemas.js'
import { deviceOf, issuedBearer, parseBody, rawBody, scopeOf } from '../requests.js'
import { hashToken, newId, newToken } from '../secrets.js'
import { openSession } from './openSession.js'

/** The login attempt `attemptId` of this project, or OTP_EXPIRED; its device must have signed the request. */
async function loginAttempt(
  ctx: AuthContext,
  c: Context,
  raw: Uint8Array,
  body: { projectId: string; attemptId: string },
) {
  const attempt = await ctx.attempts.find(body.attemptId, ctx.now())
  if (!attempt || attempt.kind !== 'login' || attempt.projectId !== body.projectId)
    throw authErrors.otpExpired()
  await ctx.proofs.check(c, raw, attempt.device.signingKey)
  return attempt
}

/** The login's end: the device approved for the user (made now for a new email), and a session of this project. */
async function signIn(ctx: AuthContext, attempt: Attempt, project: StoredProject) {
  const user = await ctx.users.ensure(attempt.email, ctx.now())
  const { session, wallet } = await openSession(ctx, user.id, attempt.device, project)
  return { session, user: { id: user.id, email: user.email }, wallet }
}

/**
 * POST email/start, email/verify and device/wait. Whether an email has an account is told to its mailbox
 * only (issue 31, finding 4): email/start mails a code and answers VERIFY_OTP for every email, known or
 * not, after the same lockout and send throttle; a known email on a device its account has not approved
 * learns it after the code (email/verify answers VERIFY_DEVICE and mails the approval link), and
 * device/wait then ends the login once the link was used.
 */
export function loginRoutes(ctx: AuthContext): Hono {
  return new Hono()
    .post(authPaths.emailStart, async (c) => {
      const raw = await rawBody(c)
      const body = parseBody(raw, emailStartBody)
      const project = await scopeOf(ctx, c, body)
      await ctx.proofs.check(c, raw, body.device.signingKey)
      const device = await deviceOf(body.device)
      const now = ctx.now()

      // A live session of this email on this device and project: only its holder can ask, so CONNECT tells nobody else anything.
      const token = issuedBearer(c)
      const session = token === undefined ? undefined : await ctx.sessions.find(token, now)
      if (session && session.deviceId === device.id && session.projectId === project.id) {
        const user = await ctx.users.byId(session.userId)
        if (user?.email === body.email) return c.json({ action: 'CONNECT', attemptId: newId() })
      }

      const attemptId = await mailCode(ctx, {
        kind: 'login',
        email: body.email,
        userId: null,
        device,
        project,
        hostOrigin: body.hostOrigin,
        ip: clientIp(ctx, c),
      })
      return c.json({ action: 'VERIFY_OTP', attemptId })
    })
    .post(authPaths.emailVerify, async (c) => {
      const raw = await rawBody(c)
      const body = parseBody(raw, emailVerifyBody)
      const project = await scopeOf(ctx, c, body)
      const attempt = await loginAttempt(ctx, c, raw, body)
      await checkCode(ctx, attempt, body.code, project)
      const now = ctx.now()
      const known = await ctx.users.byEmail(attempt.email)
      if (!known || (await ctx.users.device(known.id, attempt.device.id)))
        return c.json(await signIn(ctx, attempt, project))
      // EMAIL-02: the account exists and this device is new to it; the mailbox approves it by link too.
      const approval = newToken()
      if (
        !(await ctx.attempts.awaitApproval(
          attempt.id,
          hashToken(approval),
          now + ctx.limits.approvalLifeMs,
          now,
        ))
      )
        throw authErrors.otpExpired()
      const link = `${ctx.publicUrl()}${authPaths.deviceApprove}?token=${approval}`
      await sendMail(
        ctx,
        authMails.deviceApproval(attempt.email, project, link, {
          hostOrigin: attempt.hostOrigin,
          ip: attempt.ip,
        }),
      )
      await ctx.throttle.record({ email: attempt.email, deviceId: attempt.device.id, ip: attempt.ip }, now)
      return c.json({ action: 'VERIFY_DEVICE' })
    })
    .post(authPaths.deviceWait, async (c) => {
      const raw = await rawBody(c)
      const body = parseBody(raw, deviceWaitBody)
      const project = await scopeOf(ctx, c, body)
      const attempt = await loginAttempt(ctx, c, raw, body)
      if (attempt.awaitingApproval) return c.json({ approved: false })
      // The first wait after the approval ends the login; the attempt is used up by it.
      if (!attempt.approved || !(await ctx.attempts.markUsed(attempt.id, ctx.now())))
        throw authErrors.otpExpired()
      return c.json({ approved: true, ...(await signIn(ctx, attempt, project)) })
    })
}
