import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { bundleNodeScript } from '../../support/bundle.js'

const scratch = mkdtempSync(join(tmpdir(), 'pairwise-run-until-signal-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** A process of its own whose stop never ends, run under runUntilSignal; it prints `ready` once signals count. */
async function stuckStop() {
  const source = fileURLToPath(new URL('../../../services/cli/runUntilSignal.ts', import.meta.url))
  const entry = await bundleNodeScript(join(scratch, 'stuck.mjs'), [
    `import { runUntilSignal } from ${JSON.stringify(source)}`,
    // The servers a command runs keep it alive; this interval stands in for them.
    'setInterval(() => {}, 60_000)',
    "void runUntilSignal(() => new Promise(() => {}), (line) => console.log(line), ['ready'])",
  ])
  const child = spawn(process.execPath, [entry], { stdio: ['ignore', 'pipe', 'inherit'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}

describe('a command run until a signal', () => {
  it('exits at once with 130 on a second signal while its stop is still under way', async () => {
    const { child, exited, output } = await stuckStop()
    try {
      await expect.poll(output, { timeout: 10_000 }).toContain('ready')
      child.kill('SIGINT')
      await expect.poll(output, { timeout: 10_000 }).toContain('stopping')
      child.kill('SIGINT')
      expect(await exited).toBe(130)
      expect(output()).toContain('SIGINT received again')
    } finally {
      child.kill('SIGKILL')
    }
  }, 30_000)
})
