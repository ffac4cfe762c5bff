import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../../services/api/db/index.js'
import { UNKNOWN_PROJECT_LOOKUPS_PER_MINUTE } from '../../../services/api/projects/index.js'
import { parseTrustedProxies } from '../../../services/kit/index.js'
import { countingReads } from '../api/support/countingReads.js'
import {
  type AuthHarness,
  authHarness,
  expectTryAgainAfter,
  hostOrigin,
  newDevice,
  second,
  startBody,
} from './authHarness.js'

const budget = UNKNOWN_PROJECT_LOOKUPS_PER_MINUTE

let db: Database | undefined
let h: AuthHarness | undefined
let reads: () => number
let unknownIds: number

beforeEach(async () => {
  db = await openDatabase(':memory:')
  const counting = countingReads(db)
  reads = counting.reads
  // The harness's clock starts on a minute: every test below stays within one window of the budget.
  h = await authHarness(counting.db, {}, { trustProxy: parseTrustedProxies('127.0.0.1/32') })
  unknownIds = 0
})

afterEach(async () => {
  await h?.auth.close()
  await db?.close()
})

const randomId = () => `random-${unknownIds++}`

/** email/start for `projectId` from the client `from` (through the trusted proxy), unsigned unless `signed`. */
async function start(from: string, projectId: string, signed = false) {
  const device = await newDevice()
  return (h as AuthHarness).call('/auth/v1/email/start', {
    body: { projectId, hostOrigin, ...startBody('alice@example.com', device) },
    headers: { 'x-forwarded-for': from },
    ...(signed ? { device } : {}),
  })
}

const codeOf = async (answer: Response) => ((await answer.json()) as { code?: string }).code

describe('lookups of unknown projects by the auth service', () => {
  it("refuses a client's lookups past its budget with its 429 and no database read; others are answered", async () => {
    const before = reads()
    // One client: every address of its /64.
    for (let i = 0; i < budget; i++) {
      const answer = await start(`2001:db8::${i + 1}`, randomId())
      expect([answer.status, await codeOf(answer)]).toEqual([401, 'INVALID_KEY'])
    }
    expect(reads() - before).toBe(budget)

    await expectTryAgainAfter(await start('2001:db8::ffff', randomId()))
    // Not even the real project is read for it, once the store no longer remembers it.
    h?.pass(2 * second)
    expect((await start('2001:db8::1', 'demo')).status).toBe(429)
    for (let i = 0; i < 10; i++) expect((await start('2001:db8::1', randomId())).status).toBe(429)
    expect(reads() - before).toBe(budget)

    const other = await start('192.0.2.7', 'demo', true)
    expect(other.status).toBe(200)
    expect(await other.json()).toMatchObject({ action: 'VERIFY_OTP' })
    expect(await codeOf(await start('192.0.2.7', randomId()))).toBe('INVALID_KEY')
    expect(reads() - before).toBe(budget + 2)
  })

  it('never spends the budget of a client whose lookups find a project', async () => {
    const before = reads()
    // Each past the store's cache time (1 s), so each reads the table.
    for (let i = 0; i < budget / 2; i++) {
      h?.pass(second + 1)
      // The project was found: the request went on to its device proof.
      expect(await codeOf(await start('192.0.2.1', 'demo'))).toBe('PROOF_INVALID')
    }
    expect(reads() - before).toBe(budget / 2)
    for (let i = 0; i < budget; i++)
      expect(await codeOf(await start('192.0.2.1', randomId()))).toBe('INVALID_KEY')
    expect((await start('192.0.2.1', randomId())).status).toBe(429)
  })
})
