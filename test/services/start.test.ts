import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Address, createPublicClient, formatEther, formatUnits, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { devPrivateKeys, type StackPart, stackParts, stackPorts } from '../../services/index.js'
import { freePort, freeStackPorts, isPortTaken } from '../support/ports.js'
import { processesMatching } from '../support/processes.js'
import { tokenBalance } from '../support/tokenBalance.js'

const root = fileURLToPath(new URL('../..', import.meta.url))

type Run = {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
  /** The port each part was given: drawn free, unless `env` set it. */
  ports: Record<StackPart, number>
}

/**
 * Runs `npm start` as a terminal would: its own process group, so a Ctrl-C reaches npm and node alike.
 * Every part gets a free port unless `env` sets its variable.
 */
async function npmStart(env: Record<string, string> = {}): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pairwise-start-'))
  const drawn = await freeStackPorts()
  const ports = Object.fromEntries(
    stackParts.map((part) => [part, Number(env[stackPorts[part].env] ?? drawn[part])]),
  ) as Record<StackPart, number>
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      PAIRWISE_DATA_DIR: dataDir,
      PAIRWISE_STACK_FILE: join(dataDir, 'stack.json'),
      ...Object.fromEntries(stackParts.map((part) => [stackPorts[part].env, String(drawn[part])])),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let text = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString()
  })
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      rmSync(dataDir, { recursive: true, force: true })
      resolve(code)
    }),
  )
  return { child, output: () => text, exited, ports }
}

/** Field `n` (1-based, after the command name) of /proc/<pid>/stat, or undefined once the process is gone. */
function statField(pid: number, n: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[n - 1]
  } catch {
    return undefined
  }
}

const isInGroup = (pid: number, group: number) => statField(pid, 3) === String(group)
/** Running, not a zombie (nothing may reap a re-parented child here; a zombie holds no port). */
const running = (pid: number) => (statField(pid, 1) ?? 'Z') !== 'Z'

async function waitForOutput(run: Run, pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const match = run.output().match(pattern)
    if (match) return match
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no ${pattern} within ${timeoutMs} ms; output:\n${run.output()}`)
}

describe('npm start', () => {
  // npm start builds dist/ when a source is newer; done here once, so no test spends its time building.
  beforeAll(() => {
    const build = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "(await import('./scripts/lib/bootstrap.mjs')).ensureBuilt()"],
      { cwd: root, encoding: 'utf8' },
    )
    if (build.status !== 0) throw new Error(`the build failed:\n${build.stdout}${build.stderr}`)
  }, 300_000)
  const cleanups: (() => void)[] = []
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup()
  })

  it('prints the chain, relay and demo URLs; chain 31337 with 10000 tETH and tUSD on account 0; Ctrl-C stops everything', async () => {
    const run = await npmStart()
    const { chain: port, relay: relayPort, demo: demoPort, frame, smtp, mail } = run.ports
    const embedded = { frame, smtp, mail }
    cleanups.push(() => {
      try {
        process.kill(-run.child.pid!, 'SIGKILL')
      } catch {}
    })
    const started = Date.now()
    const [, testUsd] = await waitForOutput(
      run,
      /chain\s+http:\/\/127\.0\.0\.1:\d+\s+\(.*tUSD at (0x[0-9a-fA-F]{40})\)/,
      60_000,
    )
    expect(Date.now() - started).toBeLessThan(60_000)
    expect(run.output()).toContain(`http://127.0.0.1:${port}`)

    const client = createPublicClient({ transport: http(`http://127.0.0.1:${port}`) })
    expect(await client.request({ method: 'eth_chainId' })).toBe('0x7a69')
    const account0 = privateKeyToAccount(devPrivateKeys[0]).address
    expect(formatEther(await client.getBalance({ address: account0 }))).toBe('10000')
    const tusd = await tokenBalance(client, testUsd as Address, account0)
    expect(formatUnits(tusd, 6)).toBe('1000000')
    expect(processesMatching('anvil', '--port', String(port))).toHaveLength(1)
    await waitForOutput(run, new RegExp(`relay\\s+ws://127\\.0\\.0\\.1:${relayPort}`), 10_000)
    const health = (await (await fetch(`http://127.0.0.1:${relayPort}/health`)).json()) as {
      status: string
      store: string
    }
    expect(health).toMatchObject({ status: 'ok', store: 'sqlite' })
    await waitForOutput(run, new RegExp(`demo\\s+http://127\\.0\\.0\\.1:${demoPort}`), 10_000)
    const page = await (await fetch(`http://127.0.0.1:${demoPort}/`)).text()
    expect(page).toContain('<html lang="en">')
    expect(page).toContain(`"rpcUrl":"http://127.0.0.1:${port}"`)
    expect(page).toContain(`"relayUrl":"ws://127.0.0.1:${relayPort}"`)
    await waitForOutput(run, new RegExp(`auth\\s+http://localhost:${embedded.frame}`), 10_000)
    await waitForOutput(
      run,
      new RegExp(
        `mail\\s+http://127\\.0\\.0\\.1:${embedded.mail} .*SMTP smtp://127\\.0\\.0\\.1:${embedded.smtp}`,
      ),
      10_000,
    )
    expect((await fetch(`http://127.0.0.1:${embedded.mail}/health`)).status).toBe(200)

    process.kill(-run.child.pid!, 'SIGINT')
    await run.exited
    expect(run.output()).toContain('Stopped.')
    expect(await isPortTaken(port)).toBe(false)
    expect(await isPortTaken(relayPort)).toBe(false)
    expect(await isPortTaken(demoPort)).toBe(false)
    for (const [part, taken] of Object.entries(embedded)) expect(await isPortTaken(taken), part).toBe(false)
    expect(processesMatching('anvil', '--port', String(port))).toEqual([])
  })

  it.each([
    ['npm itself', 'npm'],
    ["the stack's node process", 'node'],
  ] as const)('SIGKILL of %s leaves no chain or service running', async (_what, victim) => {
    const run = await npmStart()
    const { ports } = run
    cleanups.push(() => {
      try {
        process.kill(-run.child.pid!, 'SIGKILL')
      } catch {}
    })
    await waitForOutput(run, /Press Ctrl-C to stop\./, 120_000)
    const [anvil] = processesMatching('anvil', '--port', String(ports.chain))
    expect(anvil).toBeDefined()
    // npm runs `sh -c "node scripts/start.mjs"`: the stack is the node process, not the shell.
    const [stack] = processesMatching('scripts/start.mjs').filter(
      (pid) => isInGroup(pid, run.child.pid!) && readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'node',
    )
    expect(stack).toBeDefined()
    process.kill(victim === 'npm' ? run.child.pid! : (stack as number), 'SIGKILL')
    const deadline = Date.now() + 8000
    const gone = async () =>
      !running(anvil as number) &&
      !running(stack as number) &&
      !(await isPortTaken(ports.chain)) &&
      !(await isPortTaken(ports.relay)) &&
      !(await isPortTaken(ports.demo)) &&
      !(await isPortTaken(ports.frame)) &&
      !(await isPortTaken(ports.smtp)) &&
      !(await isPortTaken(ports.mail))
    while (!(await gone()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await gone()).toBe(true)
    if (victim === 'npm') expect(run.output()).toContain('Stopped.')
  })

  it('names a taken port and exits non-zero without a stack trace', async () => {
    const port = await freePort()
    const blocker: Server = createServer()
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve))
    cleanups.push(() => blocker.close())
    const run = await npmStart({ PAIRWISE_CHAIN_PORT: String(port) })
    expect(await run.exited).not.toBe(0)
    expect(run.output()).toContain(`The chain port 127.0.0.1:${port} is already in use`)
    expect(run.output()).toContain('PAIRWISE_CHAIN_PORT')
    expect(run.output()).not.toMatch(/^\s+at /m)
  })

  it('names a taken relay port too, before starting anything', async () => {
    const port = await freePort()
    const blocker: Server = createServer()
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve))
    cleanups.push(() => blocker.close())
    const run = await npmStart({ PAIRWISE_RELAY_PORT: String(port) })
    const chainPort = run.ports.chain
    expect(await run.exited).not.toBe(0)
    expect(run.output()).toContain(`The relay port 127.0.0.1:${port} is already in use`)
    expect(run.output()).toContain('PAIRWISE_RELAY_PORT')
    expect(processesMatching('anvil', '--port', String(chainPort))).toEqual([])
  })

  it('rejects an invalid port setting with the variable name', async () => {
    const run = await npmStart({ PAIRWISE_CHAIN_PORT: 'eighty' })
    expect(await run.exited).not.toBe(0)
    expect(run.output()).toMatch(/Invalid PAIRWISE_CHAIN_PORT/)
    expect(run.output()).not.toMatch(/^\s+at /m)
  })
})
