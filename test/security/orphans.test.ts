import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orphanGraceMs } from '../../services/process/childGroup.js'
import { bundleCli, packageRoot } from '../support/cli.js'
import { freeStackPorts, isPortTaken } from '../support/ports.js'
import { processesMatching } from '../support/processes.js'

let cli: string
let remove: () => void

beforeAll(async () => {
  ;({ cli, remove } = await bundleCli('cli'))
})
afterAll(() => remove?.())

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
  let stack: ChildProcess | undefined
  let dataDir: string | undefined
  afterAll(() => {
    if (stack?.pid && alive(stack.pid)) stack.kill('SIGKILL')
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  it('`pairwise start` SIGKILLed: Anvil exits and its port is free within a few seconds', async () => {
    const ports = await freeStackPorts()
    dataDir = mkdtempSync(join(tmpdir(), 'pairwise-orphans-'))
    const child = spawn(
      process.execPath,
      [
        cli,
        'start',
        '--data-dir',
        dataDir,
        ...Object.entries(ports).flatMap(([part, port]) => [portFlag(part), String(port)]),
      ],
      { cwd: packageRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    stack = child
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      child.once('exit', (code, signal) => resolve(signal ?? code)),
    )
    await waitFor(
      'the stack',
      () => (output.includes('Press Ctrl-C to stop.') ? true : undefined),
      60_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}; output:\n${output}`)
    })
    const [anvil] = processesMatching('anvil', '--port', String(ports.chain))
    expect(anvil).toBeDefined()
    const guard = parentOf(anvil as number)
    expect(guard).not.toBe(child.pid)
    expect(parentOf(guard)).toBe(child.pid)
    expect((await fetch(`http://127.0.0.1:${ports.relay}/health`)).status).toBe(200)

    child.kill('SIGKILL')
    expect(await exited).toBe('SIGKILL')
    const started = Date.now()
    // The guard sends SIGTERM at once; Anvil usually exits in milliseconds, SIGKILL follows after the grace.
    await waitFor(
      'Anvil and its guard gone, the chain port free',
      async () =>
        !alive(anvil as number) && !alive(guard) && !(await isPortTaken(ports.chain)) ? true : undefined,
      orphanGraceMs + 3000,
    )
    expect(Date.now() - started).toBeLessThan(orphanGraceMs + 3000)
    expect(processesMatching('anvil', '--port', String(ports.chain))).toEqual([])
    for (const part of ['relay', 'api', 'frame', 'smtp', 'mail', 'demo', 'bundler'] as const)
      expect(await isPortTaken(ports[part]), part).toBe(false)
  }, 120_000)
})
