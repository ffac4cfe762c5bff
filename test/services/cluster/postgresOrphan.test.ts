import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { orphanGraceMs, waitUntil } from '../../../services/process/childGroup.js'
import { bundleNodeScript } from '../../support/bundle.js'
import { freePort } from '../../support/ports.js'
import { processesMatching } from '../../support/processes.js'

// `pairwise cluster` killed with SIGKILL (or by Ctrl-C while it starts) runs no handler of its own: its
// throwaway Postgres must still stop and take its folder in the temp dir (every row, the password's hash).

const scratch = mkdtempSync(join(tmpdir(), 'pairwise-orphan-starter-'))
let folder: string | undefined
afterAll(() => {
  for (const dir of [scratch, folder]) if (dir) rmSync(dir, { recursive: true, force: true })
})

/** A starter process of its own: starts Postgres on `port`, says so, and waits to be killed. */
function starter(): Promise<string> {
  return bundleNodeScript(
    join(scratch, 'starter.mjs'),
    [
      `import { startPostgres } from ${JSON.stringify(fileURLToPath(new URL('../../../services/cluster/postgresServer.ts', import.meta.url)))}`,
      'await startPostgres({ port: Number(process.argv[2]) })',
      "process.stdout.write('started\\n')",
      'setInterval(() => {}, 60_000)',
    ],
    ['pg-native'],
  )
}

describe("the cluster's throwaway Postgres when its starter is killed", () => {
  it('stops, and its folder in the temp dir is removed', async () => {
    const port = await freePort()
    const child = spawn(process.execPath, [await starter(), String(port)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('started') && resolve())
      child.once('exit', (code) => reject(new Error(`the starter exited with ${code}`)))
    })
    const [postmaster] = processesMatching('postgres', '-p', String(port), 'pairwise-pg-')
    expect(postmaster).toBeDefined()
    const args = readFileSync(`/proc/${postmaster}/cmdline`, 'utf8').split('\0')
    folder = args[args.indexOf('-k') + 1] as string
    const started = folder
    expect(existsSync(started)).toBe(true)
    child.kill('SIGKILL')
    await waitUntil(
      async () => processesMatching('-p', String(port), started).length === 0 && !existsSync(started),
      'Postgres stopped and its folder removed',
      { timeoutMs: orphanGraceMs + 15_000, intervalMs: 200 },
    )
  }, 60_000)
})
