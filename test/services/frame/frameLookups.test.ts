import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../../services/api/db/index.js'
import { UNKNOWN_PROJECT_LOOKUPS_PER_MINUTE } from '../../../services/api/projects/index.js'
import { frameConfigTagId } from '../../../services/frame/frameConfig.js'
import { frameRoutes } from '../../../services/frame/index.js'
import { parseTrustedProxies } from '../../../services/kit/index.js'
import { countingReads } from '../api/support/countingReads.js'
import { type AuthHarness, authHarness, expectTryAgainAfter, projectId, second } from '../auth/authHarness.js'

const budget = UNKNOWN_PROJECT_LOOKUPS_PER_MINUTE

let dir: string
let db: Database | undefined
let h: AuthHarness | undefined
let reads: () => number
let unknownIds: number

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'frame-lookups-'))
  // A built page, so a real project's frame is a 200 and not the unbuilt checkout's 503.
  writeFileSync(
    join(dir, 'index.html'),
    `<html><script id="${frameConfigTagId}" type="application/json"></script></html>`,
  )
  db = await openDatabase(':memory:')
  const counting = countingReads(db)
  reads = counting.reads
  // Mounted as the stack and `pairwise auth` mount it; the harness's clock starts on a minute, so every
  // test below stays within one window of the budget.
  h = await authHarness(
    counting.db,
    {},
    {
      trustProxy: parseTrustedProxies('127.0.0.1/32'),
      routes: (lookups) => frameRoutes({ ...lookups, chains: [], distDir: dir, frameVersion: '0.0.0' }),
    },
  )
  unknownIds = 0
})

afterEach(async () => {
  await h?.auth.close()
  await db?.close()
  rmSync(dir, { recursive: true, force: true })
})

const randomId = () => `random-${unknownIds++}`

/** The frame page of `id` loaded by the client `from` (through the trusted proxy). */
const load = (from: string, id: string) =>
  (h as AuthHarness).call(`/frame?projectId=${id}&version=1`, { headers: { 'x-forwarded-for': from } })

describe("the frame page's lookups of projects", () => {
  it("refuses a client's loads past its budget of unknown ids with auth's 429 and no database read; others are answered", async () => {
    const before = reads()
    // One client: every address of its /64.
    for (let i = 0; i < budget; i++) expect((await load(`2001:db8::${i + 1}`, randomId())).status).toBe(404)
    expect(reads() - before).toBe(budget)

    await expectTryAgainAfter(await load('2001:db8::ffff', randomId()))
    // Not even the real project is read for it, once the store no longer remembers it.
    h?.pass(2 * second)
    expect((await load('2001:db8::1', projectId)).status).toBe(429)
    for (let i = 0; i < 10; i++) expect((await load('2001:db8::1', randomId())).status).toBe(429)
    expect(reads() - before).toBe(budget)

    expect((await load('192.0.2.7', randomId())).status).toBe(404)
    const page = await load('192.0.2.7', projectId)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('"projectId":"demo"')
    expect(reads() - before).toBe(budget + 2)
  })

  it('never spends the budget of a client whose loads find a project', async () => {
    const before = reads()
    // Each past the store's cache time (1 s), so each reads the table.
    for (let i = 0; i < budget / 2; i++) {
      h?.pass(second + 1)
      expect((await load('192.0.2.1', projectId)).status).toBe(200)
    }
    expect(reads() - before).toBe(budget / 2)
    for (let i = 0; i < budget; i++) expect((await load('192.0.2.1', randomId())).status).toBe(404)
    expect((await load('192.0.2.1', randomId())).status).toBe(429)
  })
})
