import type { Database } from '../api/db/index.js'
import { codeDigest, codeMatches, newId } from './secrets.js'

/** What a mailed code is for; a code only ever answers the route of its kind. */
export type AttemptKind = 'login' | 'reauth' | 'change-primary' | 'change-secondary'

export type DeviceRef = { id: string; signingKey: string; agreementKey: string }

export type Attempt = {
  id: string
  kind: AttemptKind
  projectId: string
  hostOrigin: string
  /** Where the code goes (lower-cased). */
  email: string
  userId: string | null
  device: DeviceRef
  ip: string
  hasCode: boolean
  triesLeft: number
  used: boolean
  /** Set while a device-approval link is out for this login. */
  awaitingApproval: boolean
  approved: boolean
  createdAt: number
  expiresAt: number
}

export type NewAttempt = Omit<
  Attempt,
  'id' | 'hasCode' | 'triesLeft' | 'used' | 'awaitingApproval' | 'approved' | 'createdAt' | 'expiresAt'
>

type AttemptRow = {
  id: string
  kind: string
  project_id: string
  host_origin: string
  email: string
  user_id: string | null
  device_id: string
  signing_key: string
  agreement_key: string
  ip: string
  code_hash: string | null
  code_expires_at: number | null
  tries_left: number
  used_at: number | null
  approval_hash: string | null
  approval_expires_at: number | null
  approved_at: number | null
  created_at: number
  expires_at: number
}

const kinds = new Set<string>(['login', 'reauth', 'change-primary', 'change-secondary'])

function isKind(kind: string): kind is AttemptKind {
  return kinds.has(kind)
}

/**
 * The attempt of `row`, or undefined for a kind this version does not know (a newer version's, during a
 * rolling upgrade, or a corrupt row): read as any other kind, its code could answer a route it was never for.
 */
function fromRow(row: AttemptRow, now: number): Attempt | undefined {
  if (!isKind(row.kind)) return undefined
  return {
    id: row.id,
    kind: row.kind,
    projectId: row.project_id,
    hostOrigin: row.host_origin,
    email: row.email,
    userId: row.user_id,
    device: { id: row.device_id, signingKey: row.signing_key, agreementKey: row.agreement_key },
    ip: row.ip,
    hasCode: row.code_hash !== null && Number(row.code_expires_at) > now,
    triesLeft: Number(row.tries_left),
    used: row.used_at !== null,
    // Its link can still approve it: not ended by a newer attempt for the email, nor past the link's life.
    awaitingApproval:
      row.approval_hash !== null &&
      row.approved_at === null &&
      row.used_at === null &&
      Number(row.approval_expires_at) > now,
    approved: row.approved_at !== null,
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
  }
}

/**
 * Mailed codes and device-approval links. A code is kept as its HMAC only, dies after `codeLifeMs`, once
 * used, or after `tries` wrong guesses; a new attempt of the same kind for the same email ends every
 * earlier one (a new code invalidates the previous). A login's approval link is only ever made after its
 * code passed (awaitApproval), so whether an email has an account is told to its mailbox alone.
 */
export class AttemptStore {
  constructor(
    private readonly db: Database,
    private readonly pepper: Uint8Array,
    private readonly limits: { codeLifeMs: number; codeTries: number; attemptLifeMs: number },
  ) {}

  /** A new attempt with its code set now. */
  async create(attempt: NewAttempt, now: number, secret: { code: string }): Promise<string> {
    const id = newId()
    await this.db.transaction(async (tx) => {
      await tx.run('DELETE FROM auth_attempts WHERE expires_at <= ?', [now])
      await tx.run('UPDATE auth_attempts SET used_at = ? WHERE email = ? AND kind = ? AND used_at IS NULL', [
        now,
        attempt.email,
        attempt.kind,
      ])
      await tx.run(
        `INSERT INTO auth_attempts (id, kind, project_id, host_origin, email, user_id, device_id, signing_key,
           agreement_key, ip, code_hash, code_expires_at, tries_left, used_at, approval_hash,
           approval_expires_at, approved_at, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, NULL, NULL, ?, ?)`,
        [
          id,
          attempt.kind,
          attempt.projectId,
          attempt.hostOrigin,
          attempt.email,
          attempt.userId,
          attempt.device.id,
          attempt.device.signingKey,
          attempt.device.agreementKey,
          attempt.ip,
          codeDigest(this.pepper, id, secret.code),
          now + this.limits.codeLifeMs,
          this.limits.codeTries,
          now,
          now + this.limits.codeLifeMs,
        ],
      )
    })
    return id
  }

  async find(id: string, now: number): Promise<Attempt | undefined> {
    const row = await this.db.get<AttemptRow>('SELECT * FROM auth_attempts WHERE id = ? AND expires_at > ?', [
      id,
      now,
    ])
    return row && fromRow(row, now)
  }

  /** The unused, unexpired login attempt a device-approval link (by its hash) belongs to. */
  async findByApproval(approvalHash: string, now: number): Promise<Attempt | undefined> {
    const row = await this.db.get<AttemptRow>(
      `SELECT * FROM auth_attempts WHERE approval_hash = ? AND approved_at IS NULL AND used_at IS NULL
       AND approval_expires_at > ?`,
      [approvalHash, now],
    )
    return row && fromRow(row, now)
  }

  /** Marks the link used and the attempt approved; true only for the one call that did it. */
  async approve(approvalHash: string, now: number): Promise<boolean> {
    const changed = await this.db.run(
      `UPDATE auth_attempts SET approved_at = ? WHERE approval_hash = ? AND approved_at IS NULL
       AND used_at IS NULL AND approval_expires_at > ?`,
      [now, approvalHash, now],
    )
    return changed === 1
  }

  /**
   * A login whose code was just used, by a device its account has not approved: it now waits for the
   * mailed link (`approvalHash`) until `approvalExpiresAt`, and lives `attemptLifeMs` more. The code is
   * dropped, so it cannot be tried again; true only for the one call that did it.
   */
  async awaitApproval(
    id: string,
    approvalHash: string,
    approvalExpiresAt: number,
    now: number,
  ): Promise<boolean> {
    const changed = await this.db.run(
      `UPDATE auth_attempts SET code_hash = NULL, code_expires_at = NULL, used_at = NULL, approval_hash = ?,
         approval_expires_at = ?, expires_at = ?
       WHERE id = ? AND kind = 'login' AND used_at IS NOT NULL AND approval_hash IS NULL AND expires_at > ?`,
      [approvalHash, approvalExpiresAt, now + this.limits.attemptLifeMs, id, now],
    )
    return changed === 1
  }

  /**
   * Takes one try of the attempt's code before it is compared, so parallel guesses cannot pass the cap:
   * the tries left after this one, or undefined when the code is expired, used, burned or not yet sent.
   */
  async takeTry(id: string, now: number): Promise<number | undefined> {
    const changed = await this.db.run(
      `UPDATE auth_attempts SET tries_left = tries_left - 1
       WHERE id = ? AND tries_left > 0 AND used_at IS NULL AND code_hash IS NOT NULL AND code_expires_at > ?`,
      [id, now],
    )
    if (changed !== 1) return undefined
    const row = await this.db.get<{ tries_left: number }>(
      'SELECT tries_left FROM auth_attempts WHERE id = ?',
      [id],
    )
    return Number(row?.tries_left ?? 0)
  }

  /** Whether `code` is the attempt's code (HMAC compared in constant time). */
  async codeIs(id: string, code: string): Promise<boolean> {
    const row = await this.db.get<{ code_hash: string | null }>(
      'SELECT code_hash FROM auth_attempts WHERE id = ?',
      [id],
    )
    return row?.code_hash != null && codeMatches(this.pepper, id, code, row.code_hash)
  }

  /** Forgets an attempt whose code never went out. */
  async remove(id: string): Promise<void> {
    await this.db.run('DELETE FROM auth_attempts WHERE id = ?', [id])
  }

  /** Uses the code up; true only for the one call that did it. */
  async markUsed(id: string, now: number): Promise<boolean> {
    const changed = await this.db.run(
      'UPDATE auth_attempts SET used_at = ? WHERE id = ? AND used_at IS NULL',
      [now, id],
    )
    return changed === 1
  }

  /**
   * Gives back a code `markUsed` used up for a step that then could not go on (its mail not sent): unless
   * a newer attempt of its kind for its email was made since, which ends it for good. True only for the one
   * call that did it.
   */
  async giveBack(id: string): Promise<boolean> {
    // `create` ends only unused attempts, so a newer one left this used row as it was: its existence is the
    // end. One made in the same millisecond counts too, so a tie is never revived.
    const changed = await this.db.run(
      `UPDATE auth_attempts SET used_at = NULL WHERE id = ? AND used_at IS NOT NULL AND NOT EXISTS (
         SELECT 1 FROM auth_attempts AS newer WHERE newer.email = auth_attempts.email
         AND newer.kind = auth_attempts.kind AND newer.id <> auth_attempts.id
         AND newer.created_at >= auth_attempts.created_at)`,
      [id],
    )
    return changed === 1
  }
}
