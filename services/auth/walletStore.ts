import type { Database } from '../api/db/index.js'
import { type RecoveryBlob, recoveryBlobSchema } from './protocol/schemas.js'
import { hashToken } from './secrets.js'
import type { ShareVault } from './shareVault.js'

export type WalletRecord = { walletId: string; address: string; version: number }

/** The stored recovery: the blob and the SHA-256 of its proof; null for a wallet made before step 2. */
export type StoredRecovery = { blob: RecoveryBlob; proofHash: string } | null

export type NewWallet = {
  walletId: string
  address: string
  authShare: Uint8Array
  recovery: RecoveryBlob
  /** base64url; only its SHA-256 is kept. */
  recoveryProof: string
}

type WalletRow = {
  wallet_id: string
  address: string
  version: number
  share_iv: string
  share_ct: string
  recovery: string | null
  recovery_proof: string | null
}

const recordOf = (row: WalletRow): WalletRecord => ({
  walletId: row.wallet_id,
  address: row.address,
  version: Number(row.version),
})

const recoveryOf = (row: WalletRow): StoredRecovery =>
  row.recovery === null || row.recovery_proof === null
    ? null
    : { blob: recoveryBlobSchema.parse(JSON.parse(row.recovery)), proofHash: row.recovery_proof }

/**
 * One wallet per user: the auth share sealed under the KEK, the recovery blob kept as the frame sent it
 * with the hash of its proof, and the devices holding a share of it (only those get the auth share).
 */
export class WalletStore {
  constructor(
    private readonly db: Database,
    private readonly vault: ShareVault,
  ) {}

  async get(userId: string): Promise<WalletRecord | undefined> {
    const row = await this.#row(userId)
    return row && recordOf(row)
  }

  /**
   * Stores the user's wallet at version 1, `deviceId` (the device that made it) as its first holder;
   * false when the user (or the wallet id) has one already.
   */
  async create(userId: string, deviceId: string, wallet: NewWallet, now: number): Promise<boolean> {
    const version = 1
    const sealed = this.vault.seal(wallet.walletId, version, wallet.authShare)
    return this.db.transaction(async (tx) => {
      const inserted = await tx.run(
        `INSERT INTO auth_wallets (user_id, wallet_id, address, version, share_iv, share_ct, recovery,
           recovery_proof, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        [
          userId,
          wallet.walletId,
          wallet.address,
          version,
          sealed.iv,
          sealed.ct,
          JSON.stringify(wallet.recovery),
          hashToken(wallet.recoveryProof),
          now,
        ],
      )
      if (inserted !== 1) return false
      await tx.run(
        'INSERT INTO auth_wallet_devices (user_id, device_id, since) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
        [userId, deviceId, now],
      )
      return true
    })
  }

  /**
   * The wallet, with its auth share opened only when `deviceId` holds a share of it (throws when the
   * stored share was tampered with).
   */
  async forDevice(
    userId: string,
    deviceId: string,
  ): Promise<
    (WalletRecord & { holder: false }) | (WalletRecord & { holder: true; authShare: Uint8Array }) | undefined
  > {
    const row = await this.#row(userId)
    if (!row) return undefined
    const record = recordOf(row)
    if (!(await this.holds(userId, deviceId))) return { ...record, holder: false }
    const authShare = this.vault.open(record.walletId, record.version, { iv: row.share_iv, ct: row.share_ct })
    return { ...record, holder: true, authShare }
  }

  async withRecovery(userId: string): Promise<(WalletRecord & { recovery: StoredRecovery }) | undefined> {
    const row = await this.#row(userId)
    return row && { ...recordOf(row), recovery: recoveryOf(row) }
  }

  async holds(userId: string, deviceId: string): Promise<boolean> {
    const row = await this.db.get<{ device_id: string }>(
      'SELECT device_id FROM auth_wallet_devices WHERE user_id = ? AND device_id = ?',
      [userId, deviceId],
    )
    return row !== undefined
  }

  /** Records that `deviceId` now holds a share (it proved the passphrase). */
  async addHolder(userId: string, deviceId: string, now: number): Promise<void> {
    await this.db.run(
      'INSERT INTO auth_wallet_devices (user_id, device_id, since) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
      [userId, deviceId, now],
    )
  }

  #row(userId: string) {
    return this.db.get<WalletRow>('SELECT * FROM auth_wallets WHERE user_id = ?', [userId])
  }
}
