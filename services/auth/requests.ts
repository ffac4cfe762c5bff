import type { Context } from 'hono'
import type { z } from 'zod'
import { ApiError, invalidKey, originNotAllowed } from '../api/http/apiError.js'
import { validJsonText } from '../api/http/validate.js'
import { originAllowed } from '../api/projects/originMatcher.js'
import type { StoredProject } from '../api/projects/project.js'
import { effectiveFeatures } from '../api/projects/project.js'
import { bearerToken } from '../kit/index.js'
import type { DeviceRef } from './attemptStore.js'
import type { AuthContext } from './authContext.js'
import { clientIp } from './clientIp.js'
import { authErrors } from './errors.js'
import { deviceIdOf } from './protocol/deviceProof.js'
import { agreementKeyOf } from './protocol/sealing.js'
import type { Session } from './sessionStore.js'
import type { User } from './userStore.js'

const strictUtf8 = new TextDecoder('utf-8', { fatal: true })
const issuedTokenShape = /^[A-Za-z0-9_-]{43}$/

/** The raw body, as the device proof signed it (within the body cap). */
export async function rawBody(c: Context): Promise<Uint8Array> {
  return new Uint8Array(await c.req.arrayBuffer())
}

/** The raw body as JSON parsed by `schema`, or a 400 naming what is wrong. */
export function parseBody<S extends z.ZodType>(raw: Uint8Array, schema: S): z.output<S> {
  let text: string
  try {
    text = strictUtf8.decode(raw)
  } catch {
    throw new ApiError(400, 'INVALID_REQUEST', 'body: not UTF-8')
  }
  return validJsonText(text, schema)
}

/**
 * The device a login's start names, by its id: refused with a 400 unless its agreement key is a P-256
 * public key, which the auth share is sealed to later (its signing key is proven by the request's proof).
 */
export async function deviceOf(keys: Omit<DeviceRef, 'id'>): Promise<DeviceRef> {
  try {
    await agreementKeyOf(keys.agreementKey)
  } catch {
    throw new ApiError(400, 'INVALID_REQUEST', 'device.agreementKey: not a P-256 public key')
  }
  return { id: await deviceIdOf(keys.signingKey), ...keys }
}

/** The request's bearer token, if it has the shape of the tokens the auth services issue (32 random bytes, base64url). */
export function issuedBearer(c: Context): string | undefined {
  const token = bearerToken(c.req.header('authorization'))
  return token !== undefined && issuedTokenShape.test(token) ? token : undefined
}

/**
 * The body's project: it exists and allows the host origin. Looked up within the client's budget of
 * lookups of unknown ids (ProjectLookup): a client naming ids that name no project gets 429 past it,
 * without a database read.
 */
export async function projectOf(
  ctx: AuthContext,
  c: Context,
  body: { projectId: string; hostOrigin: string },
): Promise<StoredProject> {
  const project = await ctx.projectLookup.lookUp(body.projectId, clientIp(ctx, c))
  if (!project) throw invalidKey()
  if (!originAllowed(body.hostOrigin, project.allowedOrigins)) throw originNotAllowed()
  return project
}

/**
 * The body's project, with some login on (email or a social provider): what a session's own routes
 * need, whichever way its user logged in.
 */
export async function sessionScopeOf(
  ctx: AuthContext,
  c: Context,
  body: { projectId: string; hostOrigin: string },
): Promise<StoredProject> {
  const project = await projectOf(ctx, c, body)
  const features = effectiveFeatures(project)
  if (!features.email && !(features.socials && features.socials.length > 0)) throw authErrors.emailDisabled()
  return project
}

/** The body's project, which also has email login on. */
export async function scopeOf(
  ctx: AuthContext,
  c: Context,
  body: { projectId: string; hostOrigin: string },
): Promise<StoredProject> {
  const project = await projectOf(ctx, c, body)
  if (!effectiveFeatures(project).email) throw authErrors.emailDisabled()
  return project
}

export type Authenticated = { session: Session; user: User; device: DeviceRef }

/**
 * A session request: a live bearer session of `projectId` (a session is only ever good for the project
 * that made it) whose device is still approved for its user and signed this very request. The use is
 * recorded only after all of it holds.
 */
export async function authenticate(
  ctx: AuthContext,
  c: Context,
  raw: Uint8Array,
  projectId: string,
): Promise<Authenticated> {
  const token = issuedBearer(c)
  const now = ctx.now()
  const session = token === undefined ? undefined : await ctx.sessions.find(token, now)
  if (!session || session.projectId !== projectId) throw authErrors.sessionExpired()
  const device = await ctx.users.device(session.userId, session.deviceId)
  const user = await ctx.users.byId(session.userId)
  if (!device || !user) throw authErrors.sessionExpired()
  await ctx.proofs.check(c, raw, device.signingKey)
  await ctx.sessions.touch(session.hash, now)
  await ctx.users.touchDevice(user.id, device.id, now)
  return { session, user, device }
}
