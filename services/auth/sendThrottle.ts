import { type Database, lockedTransaction, type Transaction } from '../api/db/index.js'
import { clientKey } from '../kit/index.js'
import { authErrors } from './errors.js'
import type { SendCap } from './limits.js'
import { newId } from './secrets.js'

export type SendKey = { email: string; deviceId: string; ip: string }

/**
 * Whose resend gap a mail keeps: a first code mail its address's and its device's; a follow-up (the new
 * address's code of an email change, called for by the current address's code just checked on this
 * device) its address's only, the device's gap having been kept by the mail it follows.
 */
export type ResendGap = 'email-and-device' | 'email'

type Limits = {
  resendIntervalMs: number
  sendCapsPerEmail: readonly SendCap[]
  sendCapsPerIp: readonly SendCap[]
}

const longest = (caps: readonly SendCap[]) => Math.max(0, ...caps.map((cap) => cap.windowMs))

/**
 * The server's own resend throttle and send caps (research §3), from a log of the mails sent: none for
 * the same email or device within `resendIntervalMs` (EMAIL-09), and per email and per client (its IP,
 * an IPv6 client by its /64) no more than each cap's `max` in its window. A refusal says when the next
 * mail would be allowed.
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

  /**
   * Reserves one mail for `key` before it is sent: checked against the resend gap and the caps and logged
   * in one step, so simultaneous requests cannot all pass the check before any is logged. Resolves to the
   * reservation (for `release`); throws 429 'Please try again after {n} seconds' when the mail would be
   * too soon.
   */
  async reserve(key: SendKey, now: number, gap: ResendGap = 'email-and-device'): Promise<string> {
    const client = clientKey(key.ip)
    const locks = [`send email ${key.email}`, `send device ${key.deviceId}`, `send ip ${client}`]
    await this.#prune(now)
    return lockedTransaction(this.db, locks, async (tx) => {
      const whose =
        gap === 'email'
          ? { sql: 'email = ?', params: [key.email] }
          : { sql: '(email = ? OR device_id = ?)', params: [key.email, key.deviceId] }
      const last = await tx.get<{ at: number | null }>(
        `SELECT MAX(at) AS at FROM auth_sends WHERE ${whose.sql} AND at > ?`,
        [...whose.params, now - this.limits.resendIntervalMs],
      )
      if (last?.at !== null && last?.at !== undefined)
        throw authErrors.tryAgainAfter(Number(last.at) + this.limits.resendIntervalMs - now)
      await this.#capped(tx, 'email', key.email, this.limits.sendCapsPerEmail, now)
      await this.#capped(tx, 'ip', client, this.limits.sendCapsPerIp, now)
      return this.#log(tx, key, now)
    })
  }

  /** Takes back a reservation whose mail was never made. */
  async release(reservation: string): Promise<void> {
    await this.db.run('DELETE FROM auth_sends WHERE id = ?', [reservation])
  }

  /**
   * Keeps a reservation whose mail the mailer could not send for its client's caps alone: its address and
   * device keep no gap for a code they never got, but a client whose recipients the mail server refuses
   * cannot have attempts made and sends tried without end. An empty address and device name none.
   */
  async unsent(reservation: string): Promise<void> {
    await this.db.run("UPDATE auth_sends SET email = '', device_id = '' WHERE id = ?", [reservation])
  }

  /**
   * Logs one mail sent for `key` without a check: for a mail a code just checked called for, to the
   * mailbox that holds the code.
   */
  async record(key: SendKey, now: number): Promise<void> {
    await this.#prune(now)
    await this.#log(this.db, key, now)
  }

  /**
   * Drops what no window counts any more. Outside the locked transaction: a sweep of every client's old
   * rows would hold them row-locked until the commit, making reservations for unrelated keys wait on it.
   */
  async #prune(now: number): Promise<void> {
    await this.db.run('DELETE FROM auth_sends WHERE at <= ?', [now - this.#keepMs])
  }

  async #log(db: Transaction, key: SendKey, now: number): Promise<string> {
    const id = newId()
    await db.run('INSERT INTO auth_sends (id, email, device_id, ip, at) VALUES (?, ?, ?, ?, ?)', [
      id,
      key.email,
      key.deviceId,
      clientKey(key.ip),
      now,
    ])
    return id
  }

  async #capped(
    tx: Transaction,
    column: 'email' | 'ip',
    value: string,
    caps: readonly SendCap[],
    now: number,
  ): Promise<void> {
    for (const cap of caps) {
      // The cap-th most recent send in the window: once it leaves the window, one more mail fits.
      const row = await tx.get<{ at: number }>(
        `SELECT at FROM auth_sends WHERE ${column} = ? AND at > ? ORDER BY at DESC LIMIT 1 OFFSET ?`,
        [value, now - cap.windowMs, cap.max - 1],
      )
      if (row) throw authErrors.tryAgainAfter(Number(row.at) + cap.windowMs - now)
    }
  }
}
