import type { Database } from '../api/db/index.js'
import { type RecoveryBlob, recoveryBlobSchema } from './protocol/schemas.js'
import type { ShareVault } from './shareVault.js'

export type WalletRecord = { walletId: string; address: string; version: number }

type WalletRow = {
  wallet_id: string
  address: string
  version: number
  share_iv: string
  share_ct: string
  recovery: string
}

const recordOf = (row: WalletRow): WalletRecord => ({
  walletId: row.wallet_id,
  address: row.address,
  version: Number(row.version),
})

/** One wallet per user: the auth share sealed under the KEK, the recovery blob kept as the frame sent it. */
export class WalletStore {
  constructor(
    private readonly db: Database,
    private readonly vault: ShareVault,
  ) {}

  async get(userId: string): Promise<WalletRecord | undefined> {
    const row = await this.db.get<WalletRow>('SELECT * FROM auth_wallets WHERE user_id = ?', [userId])
    return row && recordOf(row)
  }

  /** Stores the user's wallet at version 1; false when the user (or the wallet id) has one already. */
  async create(
    userId: string,
    wallet: { walletId: string; address: string; authShare: Uint8Array; recovery: RecoveryBlob },
    now: number,
  ): Promise<boolean> {
    const version = 1
    const sealed = this.vault.seal(wallet.walletId, version, wallet.authShare)
    const inserted = await this.db.run(
      `INSERT INTO auth_wallets (user_id, wallet_id, address, version, share_iv, share_ct, recovery, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      [
        userId,
        wallet.walletId,
        wallet.address,
        version,
        sealed.iv,
        sealed.ct,
        JSON.stringify(wallet.recovery),
        now,
      ],
    )
    return inserted === 1
  }

  /** The wallet with its auth share opened (throws when the stored share was tampered with). */
  async withShare(userId: string): Promise<(WalletRecord & { authShare: Uint8Array }) | undefined> {
    const row = await this.db.get<WalletRow>('SELECT * FROM auth_wallets WHERE user_id = ?', [userId])
    if (!row) return undefined
    const record = recordOf(row)
    return {
      ...record,
      authShare: this.vault.open(record.walletId, record.version, { iv: row.share_iv, ct: row.share_ct }),
    }
  }

  async withRecovery(userId: string): Promise<(WalletRecord & { recovery: RecoveryBlob }) | undefined> {
    const row = await this.db.get<WalletRow>('SELECT * FROM auth_wallets WHERE user_id = ?', [userId])
    return row && { ...recordOf(row), recovery: recoveryBlobSchema.parse(JSON.parse(row.recovery)) }
  }
}
