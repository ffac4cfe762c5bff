import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startCluster } from '../../../services/cluster/startCluster.js'
import { freePortRuns } from '../../support/ports.js'

const scratch = mkdtempSync(join(tmpdir(), 'pairwise-cluster-start-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('pairwise cluster at start', () => {
  it('removes the stack file a killed cluster left, so no reader takes it for this start', async () => {
    const stackFile = join(scratch, 'stack.json')
    writeFileSync(stackFile, '{"relay":{"url":"ws://127.0.0.1:1"}}')
    const [relay = 0, api = 0, frame = 0, smtp = 0, mail = 0, nodePort = 0] = await freePortRuns([
      1, 1, 1, 1, 1, 3,
    ])
    // Every process of this cluster exits at once: the start fails at its first stage.
    const start = startCluster({
      host: '127.0.0.1',
      dataDir: join(scratch, 'data'),
      stackFile,
      counts: { relay: 1, api: 1, auth: 1 },
      ports: { relay, api, frame, smtp, mail },
      nodePort,
      databaseUrl: 'postgres://postgres@127.0.0.1:1/postgres',
      redisUrl: 'redis://127.0.0.1:1',
      self: { command: process.execPath, args: ['-e', 'process.exit(3)'] },
      log: () => {},
      startTimeoutMs: 10_000,
    })
    await expect(start).rejects.toThrow(/exited with 3/)
    expect(existsSync(stackFile)).toBe(false)
  })
})
