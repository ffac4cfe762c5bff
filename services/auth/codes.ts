import type { StoredProject } from '../api/projects/project.js'
import type { Mail } from '../mail/mailer.js'
import type { Attempt, DeviceRef } from './attemptStore.js'
import type { AuthContext } from './authContext.js'
import { authErrors } from './errors.js'
import { authMails, type CodePurpose } from './mails.js'
import { newCode } from './secrets.js'

/** A code to mail: its attempt's fields, and what it is for (its kind, told in its mail). */
export type CodeRequest = {
  email: string
  userId: string | null
  device: DeviceRef
  project: StoredProject
  hostOrigin: string
  ip: string
} & CodePurpose

/**
 * Sends `mail`; a mailer that fails is a 503 for the client, logged here. With `refuseWhenFull`, so is a
 * mail that finds `mailsInFlight` mails on their way already (Outbox), and it is not sent.
 */
export async function sendMail(
  ctx: AuthContext,
  mail: Mail,
  options?: { refuseWhenFull: boolean },
): Promise<void> {
  let sent: boolean
  try {
    sent = await ctx.outbox.send(mail, options)
  } catch (error) {
    ctx.logger.error('auth mail failed', { error: error instanceof Error ? error.message : String(error) })
    throw authErrors.mailUnavailable()
  }
  if (!sent) {
    ctx.logger.warn('auth mail refused: too many on their way', { mailsInFlight: ctx.limits.mailsInFlight })
    throw authErrors.mailUnavailable()
  }
}

/**
 * What a code mail's request does once the mail is reserved and before it is made (an email change uses up
 * the current address's code), and how it is undone when the mail then cannot be sent.
 */
export type ReservedStep = { take: () => Promise<void>; giveBack: () => Promise<void> }

const noStep: ReservedStep = { take: async () => undefined, giveBack: async () => undefined }

/**
 * A new attempt with a fresh code, mailed to `request.email` once the email is not locked and the send
 * throttle reserved the mail (checked and logged in one step, before it goes out). The new address's code
 * of an email change follows the current address's on the same device, so only its address keeps a
 * resend gap. `step.take` runs once the mail is reserved and before it is made: what it throws gives the
 * place back, and it is not done when the throttle refuses the mail; `step.giveBack` undoes it when the mail
 * then cannot be sent.
 */
export async function mailCode(
  ctx: AuthContext,
  request: CodeRequest,
  step: ReservedStep = noStep,
): Promise<string> {
  const now = ctx.now()
  const { kind, email, userId, device, project, hostOrigin, ip } = request
  await ctx.lockout.check(email, now)
  const reservation = await ctx.throttle.reserve(
    { email, deviceId: device.id, ip },
    now,
    kind === 'change-secondary' ? 'email' : 'email-and-device',
  )
  const code = newCode()
  let id: string
  let taken = false
  try {
    await step.take()
    taken = true
    id = await ctx.attempts.create(
      { kind, email, userId, device, projectId: project.id, hostOrigin, ip },
      now,
      { code },
    )
  } catch (error) {
    // No mail was made, so none is counted, and what the step took is given back, each whatever the other does.
    try {
      await ctx.throttle.release(reservation)
    } finally {
      if (taken) await step.giveBack()
    }
    throw error
  }
  try {
    await sendMail(ctx, authMails.code(email, project, hostOrigin, code, request), {
      refuseWhenFull: true,
    })
  } catch (error) {
    // Its user need not wait out the gap for a code they never got, and the attempt is gone; the client's
    // caps still count the send (SendThrottle.unsent).
    try {
      await ctx.throttle.unsent(reservation)
      await ctx.attempts.remove(id)
    } finally {
      await step.giveBack()
    }
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
