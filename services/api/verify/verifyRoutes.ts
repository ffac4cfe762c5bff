import { type Context, Hono } from 'hono'
import { cors } from 'hono/cors'
import { z } from 'zod'
import { signEs256Jwt } from '../../../crypto/noble.js'
import { ApiError } from '../http/apiError.js'
import type { RouteDeps } from '../http/types.js'
import { validJson, validQuery } from '../http/validate.js'
import { type AttestationKeyOptions, AttestationKeys } from './attestationKeys.js'
import {
  AttestationStore,
  type AttestationStoreOptions,
  DEFAULT_ATTESTATION_TTL_MS,
} from './attestationStore.js'
import { ScamList, type ScamListOptions } from './scamList.js'

/** Longest Origin accepted: a scheme, a 253-character host name and a port. */
export const MAX_ORIGIN_LENGTH = 300

export type VerifyRouteOptions = ScamListOptions &
  Pick<AttestationKeyOptions, 'keyFile' | 'keyLifetimeSeconds'> &
  Pick<AttestationStoreOptions, 'ttlMs' | 'maxEntries'>

const hex64 = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (a sha256)')
  .transform((hash) => hash.toLowerCase())

const registration = z
  .strictObject({
    /** sha256 of the encrypted message the page is about to publish: the attestation JWT's `id`. */
    id: hex64.optional(),
    /** sha256 of the request before encryption: what a wallet looks up at `GET /attestation/:hash`. */
    decryptedId: hex64.optional(),
  })
  .refine((body) => body.id !== undefined || body.decryptedId !== undefined, 'give id, decryptedId or both')

const lookupQuery = z.object({ v2Supported: z.enum(['true', 'false']).optional() })
const registrationQuery = z.object({ projectId: z.string().min(1).max(128).optional() })

/** The page's origin, from the Origin header the browser sets: a page cannot claim another's. */
function requestOrigin(c: Context): string {
  const origin = c.req.header('Origin')
  if (origin === undefined || origin === 'null')
    throw new ApiError(
      400,
      'INVALID_REQUEST',
      'Origin: a page registers from its own origin (header missing)',
    )
  let parsed: URL
  try {
    parsed = new URL(origin)
  } catch {
    throw new ApiError(400, 'INVALID_REQUEST', 'Origin: not an origin')
  }
  const web = parsed.protocol === 'https:' || parsed.protocol === 'http:'
  if (!web || parsed.origin !== origin || origin.length > MAX_ORIGIN_LENGTH)
    throw new ApiError(400, 'INVALID_REQUEST', 'Origin: not an http(s) origin')
  return origin
}

/**
 * Whether the page's origin is one the project allows (the project guard): an origin the project does not
 * allow, or no project named, is unverified; an unknown project or the rate limit is the caller's error.
 */
async function isVerified(deps: RouteDeps, c: Context, projectId: string | undefined): Promise<boolean> {
  if (projectId === undefined) return false
  try {
    await deps.project(c.req)
    return true
  } catch (error) {
    if (error instanceof ApiError && error.code === 'ORIGIN_NOT_ALLOWED') return false
    throw error
  }
}

/**
 * The verify service the engine's `httpVerifyResolver` reads:
 * - `GET /v3/public-key` → `{ publicKey: P-256 JWK, expiresAt: unix s }`;
 * - `GET /attestation/:hash?v2Supported=true` → `{ origin, isScam }`, 404 when nothing (fresh) is known;
 * - `POST /attestation?projectId=` `{ id?, decryptedId? }` from a dapp page: registers `decryptedId` for
 *   that lookup under the request's Origin and answers `{ attestation }`, an ES256 JWT `{ id, origin,
 *   isScam, isVerified, exp }` about `id` (null without one) that the page attaches to its relay message.
 * The public reads are readable from any origin; the registration reflects the page's origin.
 */
export function verifyRoutes(deps: RouteDeps & VerifyRouteOptions): Hono {
  const keys = new AttestationKeys(deps)
  const store = new AttestationStore({ now: deps.now, ttlMs: deps.ttlMs, maxEntries: deps.maxEntries })
  const scams = new ScamList(deps)
  const ttlSeconds = Math.floor((deps.ttlMs ?? DEFAULT_ATTESTATION_TTL_MS) / 1000)
  const anyOrigin = cors({ origin: '*', allowMethods: ['GET'] })
  const pageOrigin = cors({
    origin: (origin) => origin,
    allowMethods: ['POST'],
    allowHeaders: ['Content-Type'],
  })

  return new Hono()
    .use('/v3/public-key', anyOrigin)
    .on(['GET', 'OPTIONS'], '/attestation/*', anyOrigin)
    .use('/attestation', pageOrigin)
    .get('/v3/public-key', (c) => {
      const { publicKey, expiresAt } = keys.current()
      return c.json({ publicKey, expiresAt })
    })
    .get('/attestation/:hash', async (c) => {
      const hash = hex64.safeParse(c.req.param('hash'))
      if (!hash.success) throw new ApiError(400, 'INVALID_REQUEST', `hash: ${hash.error.issues[0]?.message}`)
      validQuery(c.req, lookupQuery)
      const origin = store.originOf(hash.data)
      if (origin === undefined) throw new ApiError(404, 'NOT_FOUND', 'attestation not found')
      return c.json({ origin, isScam: await scams.isScam(origin) })
    })
    .post('/attestation', async (c) => {
      const origin = requestOrigin(c)
      const { projectId } = validQuery(c.req, registrationQuery)
      const body = await validJson(c.req, registration)
      const verified = await isVerified(deps, c, projectId)
      if (body.decryptedId !== undefined) store.register(body.decryptedId, origin)
      if (body.id === undefined) return c.json({ attestation: null })
      const key = keys.current()
      const exp = Math.min(Math.floor(deps.now() / 1000) + ttlSeconds, key.expiresAt)
      const claims = { id: body.id, origin, isScam: await scams.isScam(origin), isVerified: verified, exp }
      return c.json({ attestation: signEs256Jwt(claims, key.secretKey) })
    })
}
