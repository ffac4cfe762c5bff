import { randomUUID } from 'node:crypto'
import type { Database } from '../api/db/index.js'
import type { DeviceRef } from './attemptStore.js'

/** `email` is null for a user made by a social login: such a user has no mailbox proven to this service. */
export type User = { id: string; email: string | null }

/** Users by email and the devices approved for each, at most `devicesPerUser`. */
export class UserStore {
  constructor(
    private readonly db: Database,
    private readonly devicesPerUser: number,
  ) {}

  async byEmail(email: string): Promise<User | undefined> {
    return this.db.get<User>('SELECT id, email FROM auth_users WHERE email = ?', [email])
  }

  async byId(id: string): Promise<User | undefined> {
    return this.db.get<User>('SELECT id, email FROM auth_users WHERE id = ?', [id])
  }

  /** The user of `email`, made now when there is none. */
  async ensure(email: string, now: number): Promise<User> {
    await this.db.run(
      'INSERT INTO auth_users (id, email, created_at) VALUES (?, ?, ?) ON CONFLICT (email) DO NOTHING',
      [randomUUID(), email, now],
    )
    const user = await this.byEmail(email)
    if (!user) throw new Error('the user row vanished after its insert')
    return user
  }

  /** Moves the user to `email`; false when another user has it. */
  async changeEmail(id: string, email: string): Promise<boolean> {
    if (await this.byEmail(email)) return false
    try {
      return (await this.db.run('UPDATE auth_users SET email = ? WHERE id = ?', [email, id])) === 1
    } catch (error) {
      // `email` was taken after the check (another move, or a login making its user) and the unique index
      // refused this move. Asking whether it is held tells that from any other failure on SQLite and
      // PostgreSQL alike, whose errors (and the index's name) differ.
      if (await this.byEmail(email)) return false
      throw error
    }
  }

  async device(userId: string, deviceId: string): Promise<DeviceRef | undefined> {
    const row = await this.db.get<{ device_id: string; signing_key: string; agreement_key: string }>(
      'SELECT device_id, signing_key, agreement_key FROM auth_devices WHERE user_id = ? AND device_id = ?',
      [userId, deviceId],
    )
    return row && { id: row.device_id, signingKey: row.signing_key, agreementKey: row.agreement_key }
  }

  /**
   * Approves `device` for the user (its keys as sent at login). Beyond the cap the least recently used
   * device goes, with its sessions and its hold on the user's wallet: should it log in again, it proves the
   * passphrase like any device new to the wallet. Resolved to the ids of the devices dropped.
   */
  async approveDevice(userId: string, device: DeviceRef, now: number): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      await tx.run(
        `INSERT INTO auth_devices (user_id, device_id, signing_key, agreement_key, approved_at, last_used_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (user_id, device_id) DO UPDATE SET agreement_key = excluded.agreement_key,
           last_used_at = excluded.last_used_at`,
        [userId, device.id, device.signingKey, device.agreementKey, now, now],
      )
      // At most one past the cap: the list is short, so it is cut here rather than in dialect-specific SQL.
      const devices = await tx.all<{ device_id: string }>(
        'SELECT device_id FROM auth_devices WHERE user_id = ? ORDER BY last_used_at DESC, device_id',
        [userId],
      )
      const extra = devices.slice(this.devicesPerUser)
      for (const { device_id } of extra) {
        await tx.run('DELETE FROM auth_devices WHERE user_id = ? AND device_id = ?', [userId, device_id])
        await tx.run('DELETE FROM auth_sessions WHERE user_id = ? AND device_id = ?', [userId, device_id])
        await tx.run('DELETE FROM auth_wallet_devices WHERE user_id = ? AND device_id = ?', [
          userId,
          device_id,
        ])
      }
      return extra.map((row) => row.device_id)
    })
  }

  async touchDevice(userId: string, deviceId: string, now: number): Promise<void> {
    await this.db.run('UPDATE auth_devices SET last_used_at = ? WHERE user_id = ? AND device_id = ?', [
      now,
      userId,
      deviceId,
    ])
  }
}
