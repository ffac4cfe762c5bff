import { VERIFY_FRAME_PATH } from '@pairwise/engine'
import { type Context, Hono } from 'hono'
import { cors } from 'hono/cors'
import { z } from 'zod'
import { clientKey, zodIssue } from '../../kit/index.js'
import { ApiError, rateLimited } from '../http/apiError.js'
import { apiRequest } from '../http/clientAddress.js'
import type { ApiRequest, RouteDeps } from '../http/types.js'
import { validJson, validQuery } from '../http/validate.js'
import { sharedStateOf } from '../sharedStateOf.js'
import {
  type AttestationKeyOptions,
  DatabaseAttestationKeys,
  FileAttestationKeys,
  type SigningKeys,
} from './attestationKeys.js'
import {
  AttestationStore,
  type AttestationStoreOptions,
  type Attestations,
  DEFAULT_ATTESTATION_TTL_MS,
} from './attestationStore.js'
import { ChallengeStore, type ChallengeStoreOptions, type Challenges } from './challengeStore.js'
import { signEs256Jwt } from './es256Sign.js'
import { RedisAttestationStore } from './redisAttestationStore.js'
import { RedisChallengeStore } from './redisChallengeStore.js'
import { ScamList, type ScamListOptions } from './scamList.js'
import { verifyFrameHeaders, verifyFramePage } from './verifyFrame.js'

/** Longest page origin accepted: a scheme, a 253-character host name and a port. */
export const MAX_ORIGIN_LENGTH = 300
/** Verify frame pages (each a one-time challenge) served to one client per minute. */
export const DEFAULT_FRAMES_PER_MINUTE = 120
/** Registrations one client may send per minute (each spends a challenge; refused ones count too). */
export const DEFAULT_REGISTRATIONS_PER_MINUTE = 120

export type VerifyRouteOptions = ScamListOptions &
  Pick<AttestationKeyOptions, 'keyFile' | 'keyLifetimeSeconds'> &
  Pick<AttestationStoreOptions, 'ttlMs' | 'maxEntries'> & {
    /** Frame pages per client per minute (`DEFAULT_FRAMES_PER_MINUTE`). */
    framesPerMinute?: number
    /** Registrations per client per minute (`DEFAULT_REGISTRATIONS_PER_MINUTE`). */
    registrationsPerMinute?: number
    /** Open challenges per client (`DEFAULT_CHALLENGES_PER_CLIENT`). */
    challengesPerClient?: number
    /** Live registrations per client (`DEFAULT_ATTESTATIONS_PER_CLIENT`). */
    attestationsPerClient?: number
    /** How long a frame's challenge is good for (`DEFAULT_CHALLENGE_TTL_MS`). */
    challengeTtlMs?: number
  }

export const hex64 = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (a sha256)')
  .transform((hash) => hash.toLowerCase())

/**
 * A host a page can be served from: dot-separated letters, digits and hyphens (IPv4 too), or an IPv6
 * literal. The URL parser also takes `*`, `;`, `,` or quotes in a host, which no page's origin has and
 * which `frame-ancestors` would read as a wildcard (`https://*` lets every https page frame the verify
 * frame) or as the end of its source list.
 */
const pageHost = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/

const pageOrigin = z
  .string()
  .max(MAX_ORIGIN_LENGTH)
  .refine((origin) => {
    try {
      const url = new URL(origin)
      return (
        (url.protocol === 'https:' || url.protocol === 'http:') &&
        url.origin === origin &&
        pageHost.test(url.hostname)
      )
    } catch {
      return false
    }
  }, 'must be an http(s) origin, such as https://app.example')

export const frameQuery = z.object({ origin: pageOrigin, projectId: z.string().min(1).max(128).optional() })

export const registration = z
  .strictObject({
    /** The one-time challenge the frame page carried. */
    challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be the challenge the verify frame carries'),
    /** sha256 of the encrypted message the page is about to publish: the attestation JWT's `id`. */
    id: hex64.optional(),
    /** sha256 of the request before encryption: what a wallet looks up at `GET /attestation/:hash`. */
    decryptedId: hex64.optional(),
  })
  .refine((body) => body.id !== undefined || body.decryptedId !== undefined, 'give id, decryptedId or both')

export const lookupQuery = z.object({ v2Supported: z.enum(['true', 'false']).optional() })

const frameRequired = (what: string) =>
  new ApiError(403, 'FRAME_REQUIRED', `${what}: register from the verify frame (GET ${VERIFY_FRAME_PATH})`)

/** The frame page is loaded as an iframe: browsers set `Sec-Fetch-Dest` and pages cannot. */
function requireIframe(c: Context): void {
  const dest = c.req.header('sec-fetch-dest')
  if (dest !== 'iframe' && dest !== 'frame')
    throw frameRequired('Sec-Fetch-Dest: load this page in an iframe')
}

/** When the browser says where the frame is loaded from (`Referer`, often cut to the origin or absent), it is `origin`. */
function requireRefererFrom(c: Context, origin: string): void {
  const referer = c.req.header('referer')
  if (referer === undefined) return
  let from: string | undefined
  try {
    from = new URL(referer).origin
  } catch {
    from = undefined
  }
  if (from !== origin) throw frameRequired('Referer: the frame is loaded by a page on another origin')
}

/** The request as the page on `origin` would have made it: what the project guard checks. */
class AsPageOn implements ApiRequest {
  readonly #request: ApiRequest
  readonly #origin: string

  constructor(request: ApiRequest, origin: string) {
    this.#request = request
    this.#origin = origin
  }

  query(): Record<string, string>
  query(name: string): string | undefined
  query(name?: string): Record<string, string> | string | undefined {
    return name === undefined ? this.#request.query() : this.#request.query(name)
  }

  header(name: string): string | undefined {
    return name.toLowerCase() === 'origin' ? this.#origin : this.#request.header(name)
  }

  text(): Promise<string> {
    return this.#request.text()
  }

  client(): string {
    return this.#request.client()
  }
}

/**
 * Whether the page's origin is one the project allows (the project guard): an origin the project does not
 * allow, or no project named, is unverified; an unknown project or the rate limit is the caller's error.
 */
async function isVerified(
  deps: RouteDeps,
  request: ApiRequest,
  projectId: string | undefined,
): Promise<boolean> {
  if (projectId === undefined) return false
  try {
    await deps.project(request)
    return true
  } catch (error) {
    if (error instanceof ApiError && error.code === 'ORIGIN_NOT_ALLOWED') return false
    throw error
  }
}

/**
 * The verify service: the engine's `httpVerifyResolver` and the official wallets read it, and the engine's
 * verify frame registers with it.
 * - `GET /v3/public-key` → `{ publicKey: P-256 JWK, expiresAt: unix s }`;
 * - `GET /attestation/:hash?v2Supported=true` → `{ origin, isScam }`, 404 when nothing (fresh) is known;
 * - `GET /verify/frame?origin=&projectId=` → the verify frame page for a page on `origin`: only that
 *   origin may frame it (`frame-ancestors`), and it carries a one-time challenge bound to that origin, to
 *   the project's word on it and to this client;
 * - `POST /attestation` `{ challenge, id?, decryptedId? }`, the frame's own same-origin request: spends
 *   the challenge, registers `decryptedId` for the lookup under the challenge's origin and answers
 *   `{ attestation }`, an ES256 JWT `{ id, origin, isScam, isVerified, exp }` about `id` (null without one).
 * An Origin header names no origin here: any script sets one. The public reads are readable from any origin;
 * the frame page and the registration from none but the frame's own.
 */
export function verifyRoutes(deps: RouteDeps & VerifyRouteOptions): Hono {
  // A key file serves one process; the database, every process of a deployment.
  const { keyFile } = deps
  const keys: SigningKeys =
    keyFile === undefined ? new DatabaseAttestationKeys(deps) : new FileAttestationKeys({ ...deps, keyFile })
  const shared = sharedStateOf(deps)
  const storeOptions: AttestationStoreOptions = {
    now: deps.now,
    ttlMs: deps.ttlMs,
    maxEntries: deps.maxEntries,
    perClient: deps.attestationsPerClient,
  }
  const challengeOptions: ChallengeStoreOptions = {
    now: deps.now,
    ttlMs: deps.challengeTtlMs,
    perClient: deps.challengesPerClient,
  }
  // A frame's load, its registration and the wallet's lookup may each reach a different process.
  const store: Attestations =
    shared.kind === 'redis'
      ? new RedisAttestationStore(shared.redis, shared.prefix, storeOptions)
      : new AttestationStore(storeOptions)
  const challenges: Challenges =
    shared.kind === 'redis'
      ? new RedisChallengeStore(shared.redis, shared.prefix, challengeOptions)
      : new ChallengeStore(challengeOptions)
  const perClient = shared.counter('verify-client', { now: deps.now })
  const framesPerMinute = deps.framesPerMinute ?? DEFAULT_FRAMES_PER_MINUTE
  const registrationsPerMinute = deps.registrationsPerMinute ?? DEFAULT_REGISTRATIONS_PER_MINUTE
  const scams = new ScamList(deps)
  const ttlSeconds = Math.floor((deps.ttlMs ?? DEFAULT_ATTESTATION_TTL_MS) / 1000)
  const anyOrigin = cors({ origin: '*', allowMethods: ['GET'] })
  const take = async (kind: string, client: string, limit: number) => {
    if (!(await perClient.take(`${kind} ${client}`, limit))) throw rateLimited(perClient.retryAfterSeconds())
  }

  return new Hono()
    .use('/v3/public-key', anyOrigin)
    .on(['GET', 'OPTIONS'], '/attestation/:hash', anyOrigin)
    .get('/v3/public-key', async (c) => {
      const { publicKey, expiresAt } = await keys.current()
      return c.json({ publicKey, expiresAt })
    })
    .get('/attestation/:hash', async (c) => {
      const hash = hex64.safeParse(c.req.param('hash'))
      if (!hash.success) throw new ApiError(400, 'INVALID_REQUEST', zodIssue(hash.error, 'hash', 'hash'))
      validQuery(c.req, lookupQuery)
      const origin = await store.originOf(hash.data)
      if (origin === undefined) throw new ApiError(404, 'NOT_FOUND', 'attestation not found')
      return c.json({ origin, isScam: await scams.isScam(origin) })
    })
    .get(VERIFY_FRAME_PATH, async (c) => {
      const request = apiRequest(c)
      requireIframe(c)
      const client = clientKey(request.client())
      await take('frame', client, framesPerMinute)
      const { origin, projectId } = validQuery(request, frameQuery)
      requireRefererFrom(c, origin)
      const verified = await isVerified(deps, new AsPageOn(request, origin), projectId)
      const challenge = await challenges.issue({ origin, verified }, client)
      return c.body(verifyFramePage(origin, challenge), 200, verifyFrameHeaders(origin))
    })
    .post('/attestation', async (c) => {
      // Browsers set Sec-Fetch-Site and pages cannot: only the frame's own request says same-origin.
      if (c.req.header('sec-fetch-site') !== 'same-origin')
        throw frameRequired('Sec-Fetch-Site: a page registers through the verify frame, not directly')
      const request = apiRequest(c)
      const client = clientKey(request.client())
      await take('register', client, registrationsPerMinute)
      const body = await validJson(request, registration)
      const claim = await challenges.take(body.challenge, client)
      if (claim === undefined)
        throw new ApiError(
          403,
          'CHALLENGE_INVALID',
          'challenge: unknown, used, expired or served to another client; load the verify frame again',
        )
      const { origin, verified } = claim
      if (body.decryptedId !== undefined) await store.register(body.decryptedId, origin, client)
      if (body.id === undefined) return c.json({ attestation: null })
      const key = await keys.current()
      const exp = Math.min(Math.floor(deps.now() / 1000) + ttlSeconds, key.expiresAt)
      const claims = { id: body.id, origin, isScam: await scams.isScam(origin), isVerified: verified, exp }
      return c.json({ attestation: signEs256Jwt(claims, key.secretKey) })
    })
}
