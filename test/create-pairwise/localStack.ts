import { execFile, spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { type StackFile, stackParts, stackPorts } from '../../services/index.js'
import { repoRoot } from '../packaging/stacks.js'
import { freeStackPorts } from '../support/ports.js'

const run = promisify(execFile)

/**
 * The `pairwise` package's bin, as its package.json names it: what `npx pairwise` runs. Read from there, not
 * node_modules/.bin, which `npm ci` leaves without the link in a fresh clone (the bin is built afterwards).
 */
const pairwiseBin = join(
  repoRoot,
  'services',
  (JSON.parse(readFileSync(join(repoRoot, 'services/package.json'), 'utf8')) as { bin: { pairwise: string } })
    .bin.pairwise,
)

/** `npx pairwise start` running from `folder`, and its stack file. */
export type LocalStack = { folder: string; file: StackFile; stop(): Promise<void> }

/**
 * `npx pairwise start` from `folder`, as the app's README says, every part on a free port (its
 * PAIRWISE_<PART>_PORT); ready once it writes `.pairwise/stack.json`, the file tests read instead of logs.
 */
export async function startLocalStack(folder: string, timeoutMs = 120_000): Promise<LocalStack> {
  const ports = await freeStackPorts()
  const child = spawn(process.execPath, [pairwiseBin, 'start'], {
    cwd: folder,
    env: {
      ...process.env,
      ...Object.fromEntries(stackParts.map((part) => [stackPorts[part].env, String(ports[part])])),
    },
    // Its own process group, so the stop's SIGINT reaches the CLI and Anvil alike, as Ctrl-C would.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const collect = (chunk: Buffer) => {
    output += chunk.toString()
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), name)
    } catch {
      // The group is gone already.
    }
  }
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    signal('SIGINT')
    const killLater = setTimeout(() => signal('SIGKILL'), 20_000)
    await exited
    clearTimeout(killLater)
  }

  const stackFile = join(folder, '.pairwise/stack.json')
  const deadline = Date.now() + timeoutMs
  while (!existsSync(stackFile)) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop()
      const ended = child.exitCode === null ? `within ${timeoutMs} ms` : `(exit ${child.exitCode})`
      throw new Error(`pairwise start wrote no ${stackFile} ${ended}:\n${output}${partLogs(folder)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { folder, file: JSON.parse(readFileSync(stackFile, 'utf8')) as StackFile, stop }
}

/** The end of each log the stack's parts write in its data folder (the bundler's), to say why one never answered. */
function partLogs(folder: string): string {
  const data = join(folder, '.pairwise/data')
  if (!existsSync(data)) return ''
  return readdirSync(data)
    .filter((name) => name.endsWith('.log'))
    .map((name) => {
      const tail = readFileSync(join(data, name), 'utf8').trimEnd().split('\n').slice(-20).join('\n')
      return `\n── ${name} (its last 20 lines) ──\n${tail}`
    })
    .join('')
}

/** `npx pairwise <args>` from the stack's folder, where `.pairwise/data` holds the api's database. */
export async function pairwise(stack: LocalStack, args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [pairwiseBin, ...args], { cwd: stack.folder }).catch(
    (error: { stderr?: string; message: string }) => {
      throw new Error(`pairwise ${args.join(' ')} failed:\n${error.stderr ?? error.message}`)
    },
  )
  return stdout
}
