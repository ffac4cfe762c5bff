import { randomUUID } from 'node:crypto'
import type { Database } from '../db/index.js'
import { perClientLimit } from '../projects/clientBudget.js'
import { type AnalyticsEvent, retainedDays } from './schema.js'

/** A UTC day: the unit of the project's row cap and of each client's share of it. */
export const dayMs = 86_400_000

/**
 * Rows one project may store per UTC day before further events are only counted as dropped: enough for
 * a busy demo, small enough that a noisy or hostile page cannot fill the disk (about 1 KiB a row at most,
 * so ≤ 10 MiB a project a day).
 */
export const defaultDailyRowCap = 10_000

/**
 * Events one client (IPv6 by its /64) may send a project per hour: a page sends a handful per view, and a
 * noisy or hostile client's burst is refused within the hour.
 */
export const eventsPerClientPerHour = 500

/**
 * Events one client may store in a project per UTC day: its share of the project's daily row cap (a fifth,
 * 2,000 of the default 10,000 rows). The hourly budget starts afresh every hour, so without this one
 * client sending its 500 an hour would fill the project's day in 20 hours and every later visitor's events
 * would be dropped; with it, five clients must flood together all day.
 */
export const eventsPerClientPerDay = (dailyRowCap: number): number => perClientLimit(dailyRowCap)

/**
 * Rows one retention delete removes at most. Each chunk is its own statement outside any transaction, so
 * a long backlog (the first batch after an upgrade, or after a quiet spell) never holds SQLite's write lock
 * or a PostgreSQL transaction for more than one chunk, and ingest in between goes on.
 */
export const retentionChunkRows = 1_000

export type IngestResult = {
  stored: number
  dropped: number
  /** The project's first batch of the UTC day: its caller runs `forgetExpired` for it. */
  firstOfDay: boolean
}

export type DayCount = { day: string; count: number }

export type AnalyticsStats = {
  projectId: string
  /** UTC days covered, oldest first, as YYYY-MM-DD; every series below has one entry per day. */
  days: string[]
  views: DayCount[]
  errors: DayCount[]
  dropped: DayCount[]
  /** Successful connections per wallet name, most first (at most 50 wallets). */
  connects: { wallet: string; count: number }[]
}

type Kind = 'view' | 'connect' | 'error' | 'event'

/** How the stats read an event: a page view, a connection, an error (a name ending in _ERROR), or other. */
function kindOf(event: AnalyticsEvent): Kind {
  if (event.type === 'pageview') return 'view'
  if (event.name === 'CONNECT_SUCCESS') return 'connect'
  if (event.name.endsWith('_ERROR')) return 'error'
  return 'event'
}

function labelOf(event: AnalyticsEvent): string | null {
  const name = event.properties.name
  return kindOf(event) === 'connect' && typeof name === 'string' ? name : null
}

export const dayOf = (ms: number) => Math.floor(ms / dayMs)
const isoDay = (day: number) => new Date(day * dayMs).toISOString().slice(0, 10)

export class AnalyticsStore {
  constructor(
    private readonly db: Database,
    private readonly dailyRowCap = defaultDailyRowCap,
    private readonly retentionChunk = retentionChunkRows,
  ) {}

  /**
   * Stores a batch under the day it arrived (the server's clock: a visitor's clock is theirs to set),
   * as many as the project's daily cap still allows; the rest are counted as dropped. Of an event only
   * what the stats read is kept: its day, its kind and a connection's wallet name.
   */
  async record(projectId: string, events: readonly AnalyticsEvent[], now: number): Promise<IngestResult> {
    const day = dayOf(now)
    return this.db.transaction(async (tx) => {
      // Reserving first locks the project's day row, so concurrent batches cannot both pass the cap.
      const reserved = await tx.get<{ stored: number }>(
        `INSERT INTO analytics_days (project_id, day, stored, dropped) VALUES (?, ?, ?, 0)
         ON CONFLICT (project_id, day) DO UPDATE SET stored = analytics_days.stored + excluded.stored
         RETURNING stored`,
        [projectId, day, events.length],
      )
      const before = (reserved?.stored ?? events.length) - events.length
      const fit = Math.max(0, Math.min(events.length, this.dailyRowCap - before))
      const dropped = events.length - fit
      if (dropped > 0)
        await tx.run(
          'UPDATE analytics_days SET stored = stored - ?, dropped = dropped + ? WHERE project_id = ? AND day = ?',
          [dropped, dropped, projectId, day],
        )
      for (const event of events.slice(0, fit))
        await tx.run(
          'INSERT INTO analytics_events (id, project_id, day, kind, label) VALUES (?, ?, ?, ?, ?)',
          [randomUUID(), projectId, day, kindOf(event), labelOf(event)],
        )
      return { stored: fit, dropped, firstOfDay: before === 0 }
    })
  }

  /**
   * Deletes the project's rows older than any stats window, a chunk at a time until none is left: the
   * daily cap bounds a day, not the years. Run once a project's UTC day (its first batch); a run cut
   * short leaves the rest to the next day's, which deletes everything before its own window.
   */
  async forgetExpired(projectId: string, now: number): Promise<void> {
    const oldestKept = dayOf(now) - retainedDays + 1
    // Events by their primary key alone: with the project too, SQLite walks every row of the project (its
    // (project_id, day) index) for each chunk, so a chunk would cost the project's size, not its own.
    const chunks = [
      [
        'DELETE FROM analytics_events WHERE id IN (SELECT id FROM analytics_events WHERE project_id = ? AND day < ? LIMIT ?)',
        [projectId, oldestKept, this.retentionChunk],
      ],
      [
        `DELETE FROM analytics_days WHERE project_id = ? AND day IN
         (SELECT day FROM analytics_days WHERE project_id = ? AND day < ? LIMIT ?)`,
        [projectId, projectId, oldestKept, this.retentionChunk],
      ],
    ] as const
    for (const [sql, params] of chunks) {
      let deleted = this.retentionChunk
      while (deleted === this.retentionChunk) deleted = await this.db.run(sql, params)
    }
  }

  /** The last `days` UTC days up to `now`'s, for one project. */
  async stats(projectId: string, days: number, now: number): Promise<AnalyticsStats> {
    const last = dayOf(now)
    const first = last - days + 1
    const range = Array.from({ length: days }, (_, i) => first + i)
    const perDay = async (kind: Kind) => {
      const rows = await this.db.all<{ day: number; count: number }>(
        'SELECT day, COUNT(*) AS count FROM analytics_events WHERE project_id = ? AND kind = ? AND day >= ? AND day <= ? GROUP BY day',
        [projectId, kind, first, last],
      )
      return filled(range, rows)
    }
    const droppedRows = await this.db.all<{ day: number; count: number }>(
      'SELECT day, dropped AS count FROM analytics_days WHERE project_id = ? AND day >= ? AND day <= ?',
      [projectId, first, last],
    )
    const connects = await this.db.all<{ wallet: string; count: number }>(
      `SELECT label AS wallet, COUNT(*) AS count FROM analytics_events
       WHERE project_id = ? AND kind = 'connect' AND label IS NOT NULL AND day >= ? AND day <= ?
       GROUP BY label ORDER BY count DESC, wallet ASC LIMIT 50`,
      [projectId, first, last],
    )
    return {
      projectId,
      days: range.map(isoDay),
      views: await perDay('view'),
      errors: await perDay('error'),
      dropped: filled(range, droppedRows),
      connects,
    }
  }
}

function filled(range: number[], rows: { day: number; count: number }[]): DayCount[] {
  const counts = new Map(rows.map((r) => [Number(r.day), Number(r.count)]))
  return range.map((day) => ({ day: isoDay(day), count: counts.get(day) ?? 0 }))
}
