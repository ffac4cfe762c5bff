import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { describeRelaySemantics } from './support/semanticsSuite.js'
import { wsHarness } from './support/wsHarness.js'

const directory = mkdtempSync(join(tmpdir(), 'pairwise-relay-semantics-'))
let files = 0
afterAll(() => rmSync(directory, { recursive: true, force: true }))

describeRelaySemantics('ws server, memory store', wsHarness())
describeRelaySemantics(
  'ws server, SQLite store',
  wsHarness(() => ({ store: `sqlite:${join(directory, `mailbox-${++files}.db`)}` })),
)
