import type { P256PublicJwk } from '@pairwise/crypto'
import * as z from 'zod/mini'

/**
 * A failed attestation may mean the server rotated its key, so the key is fetched again, but at most
 * once a minute: a peer sending forged attestations must not make us hammer the verify server.
 */
export const MIN_KEY_FETCH_INTERVAL_MS = 60_000

/** `GET <verify server>/v3/public-key`, as the official verify server answers it (`expiresAt` in seconds). */
const PublishedKeySchema = z.object({
  publicKey: z.object({ kty: z.literal('EC'), crv: z.literal('P-256'), x: z.string(), y: z.string() }),
  expiresAt: z.number(),
})

type PublishedKey = { publicKey: P256PublicJwk; expiresAt: number }

/**
 * The verify server's attestation signing key: fetched when first needed and kept until its `expiresAt`.
 * Concurrent callers share one fetch; a failed fetch or a malformed answer gives no key.
 */
export class VerifyKey {
  readonly #fetchKey: () => Promise<unknown>
  readonly #now: () => number
  #key: PublishedKey | undefined
  #fetching: Promise<P256PublicJwk | undefined> | undefined
  #lastFetch = Number.NEGATIVE_INFINITY

  constructor(fetchKey: () => Promise<unknown>, now: () => number = Date.now) {
    this.#fetchKey = fetchKey
    this.#now = now
  }

  /** The key in hand while it is valid, else a fresh one (within the fetch interval). */
  current(): Promise<P256PublicJwk | undefined> {
    const key = this.#key
    if (key !== undefined && key.expiresAt * 1000 > this.#now()) return Promise.resolve(key.publicKey)
    return this.refetch()
  }

  /** A freshly fetched key; `undefined` when the last fetch was under a minute ago or failed. */
  refetch(): Promise<P256PublicJwk | undefined> {
    if (this.#fetching) return this.#fetching
    if (this.#now() - this.#lastFetch < MIN_KEY_FETCH_INTERVAL_MS) return Promise.resolve(undefined)
    this.#lastFetch = this.#now()
    this.#fetching = this.#fetchKey()
      .then(
        (answer) => {
          const parsed = PublishedKeySchema.safeParse(answer)
          this.#key = parsed.success ? parsed.data : undefined
          return this.#key?.publicKey
        },
        // An unreachable server leaves the attestation unchecked; the caller falls back to its lookup.
        () => undefined,
      )
      .finally(() => {
        this.#fetching = undefined
      })
    return this.#fetching
  }
}
