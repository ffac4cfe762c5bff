import type { Database } from '../api/db/index.js'
import { authErrors } from './errors.js'
import type { SendCap } from './limits.js'

export type SendKey = { email: string; deviceId: string; ip: string }

type Limits = {
  resendIntervalMs: number
  sendCapsPerEmail: readonly SendCap[]
  sendCapsPerIp: readonly SendCap[]
}

const longest = (caps: readonly SendCap[]) => Math.max(0, ...caps.map((cap) => cap.windowMs))

/**
 * The server's own resend throttle and send caps (research §3), from a log of the mails sent: none for
 * the same email or device within `resendIntervalMs` (EMAIL-09), and per email and per IP no more than
 * each cap's `max` in its window. A refusal says when the next mail would be allowed.
 */
export class SendThrottle {
  readonly #keepMs: number

  constructor(
    private readonly db: Database,
    private readonly limits: Limits,
  ) {
    this.#keepMs = Math.max(
      limits.resendIntervalMs,
      longest(limits.sendCapsPerEmail),
      longest(limits.sendCapsPerIp),
    )
  }

  /** Throws 429 'Please try again after {n} seconds' when a mail for `key` would be too soon. */
  async check(key: SendKey, now: number): Promise<void> {
    const last = await this.db.get<{ at: number | null }>(
      'SELECT MAX(at) AS at FROM auth_sends WHERE (email = ? OR device_id = ?) AND at > ?',
      [key.email, key.deviceId, now - this.limits.resendIntervalMs],
    )
    if (last?.at !== null && last?.at !== undefined)
      throw authErrors.tryAgainAfter(Number(last.at) + this.limits.resendIntervalMs - now)
    await this.#capped('email', key.email, this.limits.sendCapsPerEmail, now)
    await this.#capped('ip', key.ip, this.limits.sendCapsPerIp, now)
  }

  /** Logs one mail sent for `key`; the log keeps only what a window still counts. */
  async record(key: SendKey, now: number): Promise<void> {
    await this.db.run('DELETE FROM auth_sends WHERE at <= ?', [now - this.#keepMs])
    await this.db.run('INSERT INTO auth_sends (email, device_id, ip, at) VALUES (?, ?, ?, ?)', [
      key.email,
      key.deviceId,
      key.ip,
      now,
    ])
  }

  async #capped(column: 'email' | 'ip', value: string, caps: readonly SendCap[], now: number): Promise<void> {
    for (const cap of caps) {
      // The cap-th most recent send in the window: once it leaves the window, one more mail fits.
      const row = await this.db.get<{ at: number }>(
        `SELECT at FROM auth_sends WHERE ${column} = ? AND at > ? ORDER BY at DESC LIMIT 1 OFFSET ?`,
        [value, now - cap.windowMs, cap.max - 1],
      )
      if (row) throw authErrors.tryAgainAfter(Number(row.at) + cap.windowMs - now)
    }
  }
}
