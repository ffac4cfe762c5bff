import { type SIWXSession, siwxSessionSchema } from '@pairwise/engine/siwx'
import { type Database, lockedTransaction } from '../db/index.js'
import { ApiError } from '../http/apiError.js'
import { siwxLimits } from './limits.js'

/** A verified sign-in, ready to keep: its chain and address as stored, and when it stops counting. */
export type SignIn = { chainId: string; address: string; session: SIWXSession; expiresAt: number }

export type HolderKind = 'cookie' | 'bearer'

/** Who holds sign-in sessions: a cookie or a bearer token, known by the SHA-256 of its opaque id. */
export type Holder = { hash: string; kind: HolderKind; expiresAt: number }

export type SignInSummary = { chainId: string; address: string; expiresAt: number }

type Tx = Omit<Database, 'transaction' | 'close'>

type SessionRow = { data: string; message: string; signature: string; cacao: string | null }

const tooManySessions = () =>
  new ApiError(
    409,
    'TOO_MANY_SESSIONS',
    `Too many sign-in sessions: at most ${siwxLimits.sessionsPerHolder} per holder`,
  )

/**
 * The lock a holder's sessions are counted and added under: on PostgreSQL two sign-ins racing on one holder
 * each counted without the other's uncommitted row, and together passed its cap.
 */
const holderSessionsKey = (holder: string) => `siwx sessions ${holder}`

/** The stored row back as the session it was verified as (the row was written from a parsed one). */
function sessionOf(row: SessionRow): SIWXSession {
  return siwxSessionSchema.parse({
    data: JSON.parse(row.data),
    message: row.message,
    signature: row.signature,
    ...(row.cacao === null ? {} : { cacao: JSON.parse(row.cacao) }),
  })
}

/** Holders and their sign-in sessions, one per (holder, project, chain, address). */
export class SiwxSessionStore {
  constructor(
    private readonly db: Database,
    private readonly maxPerHolder: number = siwxLimits.sessionsPerHolder,
  ) {}

  async findHolder(hash: string, now: number): Promise<Holder | undefined> {
    const row = await this.db.get<{ kind: string; expires_at: number }>(
      'SELECT kind, expires_at FROM siwx_holders WHERE id_hash = ? AND expires_at > ?',
      [hash, now],
    )
    if (!row) return undefined
    return { hash, kind: row.kind === 'bearer' ? 'bearer' : 'cookie', expiresAt: Number(row.expires_at) }
  }

  /**
   * Records a holder `clientKey` (its `clientBudgetKey`) made, unless that client already has `maxPerClient`
   * live ones; resolves to whether it was recorded. Counted and inserted under the client's lock: on
   * PostgreSQL one statement alone would not see another's uncommitted row.
   */
  async createHolder(holder: Holder, clientKey: string, maxPerClient: number, now: number): Promise<boolean> {
    const inserted = await lockedTransaction(this.db, [`siwx holders ${clientKey}`], (tx) =>
      tx.run(
        `INSERT INTO siwx_holders (id_hash, kind, client_key, created_at, expires_at)
       SELECT ?, ?, ?, ?, ?
       WHERE (SELECT COUNT(*) FROM siwx_holders WHERE client_key = ? AND expires_at > ?) < ?`,
        [holder.hash, holder.kind, clientKey, now, holder.expiresAt, clientKey, now, maxPerClient],
      ),
    )
    return inserted === 1
  }

  /** When the first of the client's live holders expires, freeing a place (for Retry-After). */
  async nextHolderFreedAt(clientKey: string, now: number): Promise<number> {
    const row = await this.db.get<{ at: number | null }>(
      'SELECT MIN(expires_at) AS at FROM siwx_holders WHERE client_key = ? AND expires_at > ?',
      [clientKey, now],
    )
    return Number(row?.at ?? now)
  }

  /** Moves a holder's expiry: a cookie holder lives on from its latest sign-in. */
  async renewHolder(holder: Holder): Promise<void> {
    await this.db.run('UPDATE siwx_holders SET expires_at = ? WHERE id_hash = ?', [
      holder.expiresAt,
      holder.hash,
    ])
  }

  /** The holder's unexpired sessions in `projectId` for exactly this chain and address. */
  async sessions(
    holder: string,
    projectId: string,
    chainId: string,
    address: string,
    now: number,
  ): Promise<SIWXSession[]> {
    const rows = await this.db.all<SessionRow>(
      `SELECT data, message, signature, cacao FROM siwx_sessions
       WHERE holder = ? AND project_id = ? AND chain_id = ? AND address = ? AND expires_at > ?`,
      [holder, projectId, chainId, address, now],
    )
    return rows.map(sessionOf)
  }

  async summaries(holder: string, projectId: string, now: number): Promise<SignInSummary[]> {
    const rows = await this.db.all<{ chain_id: string; address: string; expires_at: number }>(
      `SELECT chain_id, address, expires_at FROM siwx_sessions
       WHERE holder = ? AND project_id = ? AND expires_at > ? ORDER BY created_at, chain_id, address`,
      [holder, projectId, now],
    )
    return rows.map((row) => ({
      chainId: row.chain_id,
      address: row.address,
      expiresAt: Number(row.expires_at),
    }))
  }

  /** Adds or renews one sign-in; refused when the holder already has its cap of other sessions. */
  async add(holder: string, projectId: string, signIn: SignIn, now: number): Promise<void> {
    await lockedTransaction(this.db, [holderSessionsKey(holder)], async (tx) => {
      const others = await tx.get<{ count: number }>(
        `SELECT COUNT(*) AS count FROM siwx_sessions WHERE holder = ? AND expires_at > ?
         AND NOT (project_id = ? AND chain_id = ? AND address = ?)`,
        [holder, now, projectId, signIn.chainId, signIn.address],
      )
      if (Number(others?.count ?? 0) >= this.maxPerHolder) throw tooManySessions()
      await insert(tx, holder, projectId, signIn, now)
    })
  }

  /** Replaces every session the holder has in `projectId` with `signIns` (none: signed out there). */
  async replace(holder: string, projectId: string, signIns: readonly SignIn[], now: number): Promise<void> {
    await lockedTransaction(this.db, [holderSessionsKey(holder)], async (tx) => {
      await tx.run('DELETE FROM siwx_sessions WHERE holder = ? AND project_id = ?', [holder, projectId])
      const others = await tx.get<{ count: number }>(
        'SELECT COUNT(*) AS count FROM siwx_sessions WHERE holder = ? AND expires_at > ?',
        [holder, now],
      )
      const pairs = new Set(signIns.map((each) => `${each.chainId} ${each.address}`))
      if (Number(others?.count ?? 0) + pairs.size > this.maxPerHolder) throw tooManySessions()
      for (const signIn of signIns) await insert(tx, holder, projectId, signIn, now)
    })
  }

  /** Removes exactly the one chain and address pair; the holder's other sessions stay. */
  async remove(holder: string, projectId: string, chainId: string, address: string): Promise<void> {
    await this.db.run(
      'DELETE FROM siwx_sessions WHERE holder = ? AND project_id = ? AND chain_id = ? AND address = ?',
      [holder, projectId, chainId, address],
    )
  }

  /**
   * Signs the holder out of `projectId`: its sessions there go, those in other projects stay (one cookie
   * holds the sign-ins of every project on this api, and no project may end another's). A holder left
   * with no session is forgotten; resolves to whether it was.
   */
  async signOut(holder: string, projectId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.run('DELETE FROM siwx_sessions WHERE holder = ? AND project_id = ?', [holder, projectId])
      const left = await tx.get<{ count: number }>(
        'SELECT COUNT(*) AS count FROM siwx_sessions WHERE holder = ?',
        [holder],
      )
      if (Number(left?.count ?? 0) > 0) return false
      await tx.run('DELETE FROM siwx_holders WHERE id_hash = ?', [holder])
      return true
    })
  }

  /** Deletes expired sessions, and expired holders with whatever they still had. */
  async prune(now: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.run(
        'DELETE FROM siwx_sessions WHERE expires_at <= ? OR holder IN (SELECT id_hash FROM siwx_holders WHERE expires_at <= ?)',
        [now, now],
      )
      await tx.run('DELETE FROM siwx_holders WHERE expires_at <= ?', [now])
    })
  }
}

async function insert(tx: Tx, holder: string, projectId: string, signIn: SignIn, now: number): Promise<void> {
  const { data, message, signature, cacao } = signIn.session
  await tx.run(
    `INSERT INTO siwx_sessions
       (holder, project_id, chain_id, address, data, message, signature, cacao, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (holder, project_id, chain_id, address) DO UPDATE SET
       data = excluded.data, message = excluded.message, signature = excluded.signature,
       cacao = excluded.cacao, created_at = excluded.created_at, expires_at = excluded.expires_at`,
    [
      holder,
      projectId,
      signIn.chainId,
      signIn.address,
      JSON.stringify(data),
      message,
      signature,
      cacao === undefined ? null : JSON.stringify(cacao),
      now,
      signIn.expiresAt,
    ],
  )
}
