import { type Context, Hono } from 'hono'
import type { AuthContext } from '../authContext.js'
import { checkCode, mailCode, sendMail } from '../codes.js'
import { authErrors } from '../errors.js'
import { authMails } from '../mails.js'
import { deviceIdOf } from '../protocol/deviceProof.js'
import { authPaths } from '../protocol/paths.js'
import { deviceWaitBody, emailStartBody, emailVerifyBody, type LoginAction } from '../protocol/schemas.js'
import { bearerToken, clientIp, parseBody, rawBody, scopeOf } from '../requests.js'
import { hashToken, newCode, newId, newToken } from '../secrets.js'

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

/**
 * POST email/start, device/wait and email/verify. Known and unknown emails take the same path up to
 * the choice of mail, and answer in the same shape.
 */
export function loginRoutes(ctx: AuthContext): Hono {
  return new Hono()
    .post(authPaths.emailStart, async (c) => {
      const raw = await rawBody(c)
      const body = parseBody(raw, emailStartBody)
      const project = await scopeOf(ctx, body)
      await ctx.proofs.check(c, raw, body.device.signingKey)
      const device = { id: await deviceIdOf(body.device.signingKey), ...body.device }
      const now = ctx.now()
      const answer = (action: LoginAction, attemptId: string) => c.json({ action, attemptId })

      const token = bearerToken(c)
      const session = token === undefined ? undefined : await ctx.sessions.find(token, now)
      if (session && session.deviceId === device.id && session.projectId === project.id) {
        const user = await ctx.users.byId(session.userId)
        if (user?.email === body.email) return answer('CONNECT', newId())
      }

      await ctx.lockout.check(body.email, now)
      const ip = clientIp(c)
      const sendKey = { email: body.email, deviceId: device.id, ip }
      await ctx.throttle.check(sendKey, now)
      const user = await ctx.users.byEmail(body.email)
      const known = user === undefined ? undefined : await ctx.users.device(user.id, device.id)
      const attempt = {
        kind: 'login' as const,
        projectId: project.id,
        hostOrigin: body.hostOrigin,
        email: body.email,
        userId: user?.id ?? null,
        device,
        ip,
      }
      if (user === undefined || known !== undefined) {
        const attemptId = await mailCode(ctx, { ...attempt, project })
        return answer('VERIFY_OTP', attemptId)
      }
      const approval = newToken()
      const attemptId = await ctx.attempts.create(attempt, now, {
        approvalHash: hashToken(approval),
        approvalExpiresAt: now + ctx.limits.approvalLifeMs,
      })
      const link = `${ctx.publicUrl()}${authPaths.deviceApprove}?token=${approval}`
      await sendMail(
        ctx,
        authMails.deviceApproval(body.email, project, link, { hostOrigin: body.hostOrigin, ip }),
      )
      await ctx.throttle.record(sendKey, now)
      return answer('VERIFY_DEVICE', attemptId)
    })
    .post(authPaths.deviceWait, async (c) => {
      const raw = await rawBody(c)
      const body = parseBody(raw, deviceWaitBody)
      const project = await scopeOf(ctx, body)
      const attempt = await loginAttempt(ctx, c, raw, body)
      if (attempt.awaitingApproval) return c.json({ approved: false })
      const now = ctx.now()
      const code = newCode()
      // The first wait after the approval mails the code; every later one only answers.
      if (await ctx.attempts.setCodeOnce(attempt.id, code, now)) {
        await sendMail(ctx, authMails.code(attempt.email, project, attempt.hostOrigin, code))
        await ctx.throttle.record({ email: attempt.email, deviceId: attempt.device.id, ip: attempt.ip }, now)
      }
      return c.json({ approved: true })
    })
    .post(authPaths.emailVerify, async (c) => {
      const raw = await rawBody(c)
      const body = parseBody(raw, emailVerifyBody)
      const project = await scopeOf(ctx, body)
      const attempt = await loginAttempt(ctx, c, raw, body)
      await checkCode(ctx, attempt, body.code, project)
      const now = ctx.now()
      const user = await ctx.users.ensure(attempt.email, now)
      await ctx.users.approveDevice(user.id, attempt.device, now)
      const session = await ctx.sessions.create(
        { userId: user.id, deviceId: attempt.device.id, projectId: project.id },
        now,
        now + ctx.limits.reauthFreshMs,
      )
      const wallet = (await ctx.wallets.get(user.id)) ?? null
      return c.json({ session, user: { id: user.id, email: user.email }, wallet })
    })
}
