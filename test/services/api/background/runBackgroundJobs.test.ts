import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  MAX_RESTART_DELAY_MS,
  runBackgroundJobs,
} from '../../../../services/api/background/runBackgroundJobs.js'
import { type Database, openDatabase } from '../../../../services/api/db/index.js'

type Line = { level: string; event: string; fields?: Record<string, unknown> }

function recordingLogger() {
  const lines: Line[] = []
  const at = (level: string) => (event: string, fields?: Record<string, unknown>) =>
    lines.push({ level, event, ...(fields ? { fields } : {}) })
  return { lines, logger: { info: at('info'), warn: at('warn'), error: at('error') } }
}

describe('background jobs on SQLite', () => {
  let db: Database | undefined
  afterEach(async () => {
    vi.useRealTimers()
    await db?.close()
  })

  it('logs a job that throws and runs it again, waiting twice as long after each failure in a row', async () => {
    vi.useFakeTimers()
    db = await openDatabase(':memory:')
    const { lines, logger } = recordingLogger()
    let runs = 0
    const job = {
      name: 'indexer' as const,
      run: async (signal: AbortSignal) => {
        runs += 1
        if (runs <= 3) throw new Error(`upstream down (${runs})`)
        await new Promise((resolve) => signal.addEventListener('abort', resolve))
      },
    }
    const jobs = runBackgroundJobs([job], { db, database: ':memory:', pollMs: 1000, logger })
    await vi.advanceTimersByTimeAsync(0)
    expect(runs).toBe(1)
    await vi.advanceTimersByTimeAsync(999)
    expect(runs).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(runs).toBe(2)
    await vi.advanceTimersByTimeAsync(2000)
    expect(runs).toBe(3)
    await vi.advanceTimersByTimeAsync(3999)
    expect(runs).toBe(3)
    await vi.advanceTimersByTimeAsync(1)
    expect(runs).toBe(4)
    expect(jobs.holding()).toEqual(['indexer'])
    expect(lines.filter((line) => line.event === 'background.job_failed').map((line) => line.fields)).toEqual(
      [
        { job: 'indexer', error: 'Error: upstream down (1)' },
        { job: 'indexer', error: 'Error: upstream down (2)' },
        { job: 'indexer', error: 'Error: upstream down (3)' },
      ],
    )
    await jobs.stop()
    expect(runs).toBe(4)
  })

  it('never waits longer than the cap between runs of a job that keeps failing, and a stop ends the wait', async () => {
    vi.useFakeTimers()
    db = await openDatabase(':memory:')
    const { logger } = recordingLogger()
    let runs = 0
    const job = {
      name: 'onramp' as const,
      run: async () => {
        runs += 1
        throw new Error('broken')
      },
    }
    const jobs = runBackgroundJobs([job], { db, database: ':memory:', pollMs: 1000, logger })
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 8000 + 16000 + 32000)
    expect(runs).toBe(7)
    await vi.advanceTimersByTimeAsync(MAX_RESTART_DELAY_MS - 1)
    expect(runs).toBe(7)
    await vi.advanceTimersByTimeAsync(1)
    expect(runs).toBe(8)
    await vi.advanceTimersByTimeAsync(MAX_RESTART_DELAY_MS)
    expect(runs).toBe(9)
    await jobs.stop()
    await vi.advanceTimersByTimeAsync(10 * MAX_RESTART_DELAY_MS)
    expect(runs).toBe(9)
  })
})
