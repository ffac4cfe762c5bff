import type { StoredProject } from '../api/projects/project.js'
import type { Mail } from '../mail/mailer.js'
import type { Attempt, AttemptKind, DeviceRef } from './attemptStore.js'
import type { AuthContext } from './authContext.js'
import { AuthError, authErrors } from './errors.js'
import { authMails } from './mails.js'
import { newCode } from './secrets.js'

export type CodeRequest = {
  kind: AttemptKind
  email: string
  userId: string | null
  device: DeviceRef
  project: StoredProject
  hostOrigin: string
  ip: string
}

/** Sends `mail`; a mailer that fails is a 503 for the client, logged here. */
export async function sendMail(ctx: AuthContext, mail: Mail): Promise<void> {
  try {
    await ctx.mailer.send(mail)
  } catch (error) {
    ctx.logger.error('auth mail failed', { error: error instanceof Error ? error.message : String(error) })
    throw new AuthError(503, 'UNAVAILABLE', 'Service Unavailable: the mail could not be sent')
  }
}

/**
 * A new attempt with a fresh code, mailed to `request.email` once the email is not locked and the send
 * throttle reserved the mail (checked and logged in one step, before it goes out). The new address's code
 * of an email change follows the current address's on the same device, so only its address keeps a
 * resend gap. `reserved` runs once the mail is reserved and before it is made: what it throws gives the
 * place back, and what it does is not done when the mail is refused.
 */
export async function mailCode(
  ctx: AuthContext,
  request: CodeRequest,
  reserved: () => Promise<void> = async () => undefined,
): Promise<string> {
  const now = ctx.now()
  await ctx.lockout.check(request.email, now)
  const reservation = await ctx.throttle.reserve(
    { email: request.email, deviceId: request.device.id, ip: request.ip },
    now,
    request.kind === 'change-secondary' ? 'email' : 'email-and-device',
  )
  const code = newCode()
  const { project, ...attempt } = request
  let id: string
  try {
    await reserved()
    id = await ctx.attempts.create({ ...attempt, projectId: project.id }, now, { code })
  } catch (error) {
    // No mail was made, so none is counted.
    await ctx.throttle.release(reservation)
    throw error
  }
  try {
    await sendMail(ctx, authMails.code(request.email, project, request.hostOrigin, code))
  } catch (error) {
    // Its user need not wait out the gap for a code they never got, and the attempt is gone; the client's
    // caps still count the send (SendThrottle.unsent).
    await ctx.throttle.unsent(reservation)
    await ctx.attempts.remove(id)
    throw error
  }
  return id
}

/**
 * Checks `code` against the attempt and uses it up: resolves only for the one call that did (see
 * `matchCode` and `useCode`).
 */
export async function checkCode(
  ctx: AuthContext,
  attempt: Attempt,
  code: string,
  project: StoredProject,
): Promise<void> {
  await matchCode(ctx, attempt, code, project)
  await useCode(ctx, attempt)
}

/**
 * Checks `code` against the attempt without using it up: refused while its email is locked; one try
 * taken before comparing; a wrong code counts towards the lockout (and mails the notice when it locks).
 */
export async function matchCode(
  ctx: AuthContext,
  attempt: Attempt,
  code: string,
  project: StoredProject,
): Promise<void> {
  const now = ctx.now()
  await ctx.lockout.check(attempt.email, now)
  const triesLeft = await ctx.attempts.takeTry(attempt.id, now)
  if (triesLeft === undefined) throw authErrors.otpExpired()
  if (!(await ctx.attempts.codeIs(attempt.id, code))) {
    if (await ctx.lockout.fail(attempt.email, now))
      await sendMail(ctx, authMails.lockedOut(attempt.email, project, ctx.limits.lockoutMs / 60_000)).catch(
        () => undefined,
      )
    throw authErrors.otpInvalid(triesLeft)
  }
}

/** Uses up a code `matchCode` passed; a code another call used first answers as an expired one. */
export async function useCode(ctx: AuthContext, attempt: Attempt): Promise<void> {
  if (!(await ctx.attempts.markUsed(attempt.id, ctx.now()))) throw authErrors.otpExpired()
}
