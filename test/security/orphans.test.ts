import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { orphanGraceMs } from '../../services/process/childGroup.js'
import { type CliRun, runCli, useBundledCli } from '../support/cli.js'
import { freeStackPorts, isPortTaken } from '../support/ports.js'
import { processesMatching } from '../support/processes.js'

const bundled = useBundledCli('orphans')

async function waitFor<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The CLI flag of a stack part's port: `solanaDevnet` → `--solana-devnet-port`. */
const portFlag = (part: string) => `--${part.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}-port`

/** The parent pid from /proc/<pid>/stat (after the command name, which may hold spaces). */
function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
}

/** Running (a zombie waiting for init to reap it holds no port and runs nothing). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z'
  } catch {
    return false
  }
}

describe('no orphans: a stack killed with SIGKILL takes its chain with it', () => {
  let stack: CliRun | undefined
  afterAll(() => {
    if (stack?.child.pid && alive(stack.child.pid)) stack.child.kill('SIGKILL')
  })

  it('`pairwise start` SIGKILLed: Anvil exits and its port is free within a few seconds', async () => {
    const ports = await freeStackPorts()
    stack = runCli(bundled.cli, [
      'start',
      '--data-dir',
      join(bundled.dir, 'data'),
      ...Object.entries(ports).flatMap(([part, port]) => [portFlag(part), String(port)]),
    ])
    const { child, exited } = stack
    await stack.waitFor(/Press Ctrl-C to stop\./, 60_000)
    const [anvil] = processesMatching('anvil', '--port', String(ports.chain))
    expect(anvil).toBeDefined()
    const guard = parentOf(anvil as number)
    expect(guard).not.toBe(child.pid)
    expect(parentOf(guard)).toBe(child.pid)
    expect((await fetch(`http://127.0.0.1:${ports.relay}/health`)).status).toBe(200)

    child.kill('SIGKILL')
    expect(await exited).toBe('SIGKILL')
    const started = Date.now()
    // Each guard (Anvil's, the bundler's) sends SIGTERM at once; SIGKILL follows after the grace. The parts
    // in the stack's own process freed their ports with it.
    const parts = ['chain', 'relay', 'api', 'frame', 'smtp', 'mail', 'demo', 'bundler'] as const
    let taken: string[] = []
    await waitFor(
      'Anvil and its guard gone, every port free',
      async () => {
        const each = await Promise.all(parts.map((part) => isPortTaken(ports[part])))
        taken = parts.filter((_, index) => each[index])
        return !alive(anvil as number) && !alive(guard) && taken.length === 0 ? true : undefined
      },
      orphanGraceMs + 3000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}; ports still taken: ${taken.join(', ') || 'none'}`)
    })
    expect(Date.now() - started).toBeLessThan(orphanGraceMs + 3000)
    expect(processesMatching('anvil', '--port', String(ports.chain))).toEqual([])
  }, 120_000)
})
