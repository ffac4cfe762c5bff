import { type Database, lockedTransaction } from '../db/index.js'

export type NameRow = {
  name: string
  address: string
  coinType: number
  createdAt: number
  updatedAt: number
}

type StoredRow = {
  name: string
  address: string
  coin_type: number
  created_at: number
  updated_at: number
}

export type AddOutcome = 'added' | 'taken' | 'alreadyOwns' | 'full' | 'projectFull' | 'clientFull'

/**
 * The project a name is registered through and the most names it may hold; the client registering
 * (its `clientBudgetKey`) and the most it may register through that project.
 */
export type NameQuota = { projectId: string; maxNames: number; clientKey: string; maxPerClient: number }

const columns = 'name, address, coin_type, created_at, updated_at'
const rowOf = (row: StoredRow): NameRow => ({
  name: row.name,
  address: row.address,
  coinType: Number(row.coin_type),
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
})

/** Registered names (one per address) and the register messages already used, in the api's database. */
export class NameStore {
  constructor(private readonly db: Database) {}

  async byName(name: string): Promise<NameRow | undefined> {
    const row = await this.db.get<StoredRow>(`SELECT ${columns} FROM names WHERE name = ?`, [name])
    return row && rowOf(row)
  }

  async byAddress(address: string): Promise<NameRow[]> {
    const rows = await this.db.all<StoredRow>(`SELECT ${columns} FROM names WHERE address_key = ?`, [
      address.toLowerCase(),
    ])
    return rows.map(rowOf)
  }

  /** Which of `names` are registered. */
  async registered(names: readonly string[]): Promise<Set<string>> {
    if (names.length === 0) return new Set()
    const rows = await this.db.all<{ name: string }>(
      `SELECT name FROM names WHERE name IN (${names.map(() => '?').join(', ')})`,
      names,
    )
    return new Set(rows.map((row) => row.name))
  }

  /**
   * Adds `name` for `address` unless the name or the address is taken, the store holds `maxNames`, or
   * the `quota`'s project or client holds its own most; the unique keys decide a race between two
   * registrations, on either store. Every registration counts the total, so all take one lock: per-project
   * or per-client locks would let registrations through different projects and clients count together
   * and all pass it. Registrations are few (hourly capped per client), so they can wait for each other.
   */
  async add(entry: Omit<NameRow, 'updatedAt'>, maxNames: number, quota?: NameQuota): Promise<AddOutcome> {
    return lockedTransaction(this.db, ['names'], async (tx) => {
      const clash = await tx.get<{ name: string; address_key: string }>(
        'SELECT name, address_key FROM names WHERE name = ? OR address_key = ? LIMIT 1',
        [entry.name, entry.address.toLowerCase()],
      )
      if (clash) return clash.address_key === entry.address.toLowerCase() ? 'alreadyOwns' : 'taken'
      const count = await tx.get<{ count: number }>('SELECT COUNT(*) AS count FROM names')
      if (Number(count?.count ?? 0) >= maxNames) return 'full'
      if (quota) {
        const held = await tx.get<{ count: number }>(
          'SELECT COUNT(*) AS count FROM names WHERE project_id = ?',
          [quota.projectId],
        )
        if (Number(held?.count ?? 0) >= quota.maxNames) return 'projectFull'
        const own = await tx.get<{ count: number }>(
          'SELECT COUNT(*) AS count FROM names WHERE client_key = ?',
          [quota.clientKey],
        )
        if (Number(own?.count ?? 0) >= quota.maxPerClient) return 'clientFull'
      }
      const added = await tx.run(
        `INSERT INTO names (name, address, address_key, coin_type, created_at, updated_at, project_id, client_key)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        [
          entry.name,
          entry.address,
          entry.address.toLowerCase(),
          entry.coinType,
          entry.createdAt,
          entry.createdAt,
          quota?.projectId ?? null,
          quota?.clientKey ?? null,
        ],
      )
      return added === 1 ? 'added' : 'taken'
    })
  }

  /**
   * Records one use of the register message signed by `address` at `timestamp` (seconds); false when it
   * was used already. Uses older than `keepSeconds` are dropped first: their timestamps are refused anyway.
   */
  async useMessage(
    address: string,
    timestamp: number,
    nowSeconds: number,
    keepSeconds: number,
  ): Promise<boolean> {
    await this.db.run('DELETE FROM names_used_messages WHERE used_at < ?', [nowSeconds - keepSeconds])
    const inserted = await this.db.run(
      `INSERT INTO names_used_messages (address_key, timestamp, used_at) VALUES (?, ?, ?)
       ON CONFLICT DO NOTHING`,
      [address.toLowerCase(), timestamp, nowSeconds],
    )
    return inserted === 1
  }
}
