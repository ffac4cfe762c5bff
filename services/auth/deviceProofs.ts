import type { Context } from 'hono'
import { clientKey } from '../kit/index.js'
import { authErrors } from './errors.js'
import { DEVICE_HEADER, PROOF_HEADER, verifyProof } from './protocol/deviceProof.js'
import { ReplayCache, type ReplayGuard } from './replayCache.js'

/**
 * Checks a request's device proof (services/auth/protocol/deviceProof.ts) against the signing key the
 * server holds for that device: right device id, within ±`skewMs`, over this method, path and raw body,
 * never seen before. Every failure is the same 401.
 */
export class DeviceProofs {
  readonly #replays: ReplayGuard

  /**
   * `clientOf` names the asker (its IP, as every per-IP rule sees it). `replays` defaults to this
   * process's own cache; several auth processes share a RedisReplayGuard.
   */
  constructor(
    private readonly limits: {
      proofSkewMs: number
      replayCacheEntries: number
      replayEntriesPerClient: number
    },
    private readonly now: () => number,
    private readonly clientOf: (c: Context) => string,
    replays?: ReplayGuard,
  ) {
    this.#replays =
      replays ??
      new ReplayCache(limits.replayCacheEntries, replayKeepMs(limits), limits.replayEntriesPerClient)
  }

  async check(c: Context, raw: Uint8Array, signingKey: string): Promise<void> {
    const now = this.now()
    const result = await verifyProof({
      signingKey,
      device: c.req.header(DEVICE_HEADER),
      proof: c.req.header(PROOF_HEADER),
      request: { method: c.req.method, path: c.req.path, body: raw },
      now,
      maxSkewMs: this.limits.proofSkewMs,
    })
    if (!result.ok) throw authErrors.proofInvalid()
    const seen = await this.#replays.remember(result.replayKey, now, clientKey(this.clientOf(c)))
    if (seen === 'replay') throw authErrors.proofInvalid()
    // The asker's own places are all taken by proofs still live: one frees within the keeping time.
    if (seen === 'clientFull') throw authErrors.tryAgainAfter(replayKeepMs(this.limits))
    if (seen === 'full') throw authErrors.busy()
  }
}

/**
 * A signature's timestamp passes for skew on either side of the clock, both ends included: 2·skew + 1 ms
 * in all. An entry is live only strictly before it is kept until, so it is kept that whole span, or a
 * proof first seen at the window's start could be replayed at its end.
 */
export function replayKeepMs(limits: { proofSkewMs: number }): number {
  return 2 * limits.proofSkewMs + 1
}
