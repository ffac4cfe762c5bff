import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { afterAll, beforeAll, inject } from 'vitest'
import { cliBundleOut } from './cliBundleSetup.js'
import { fromWorkspaceSources } from './workspaceSource.js'

export const packageRoot = fileURLToPath(new URL('../..', import.meta.url))

/**
 * The `pairwise` CLI from the sources, bundled for Node (dependencies stay in node_modules), once per run:
 * into the run's folder that cliBundleSetup.ts makes inside the `pairwise` package's folder, so the bundle
 * finds node_modules, the pages and Anvil as the sources do. The first caller of the run builds it, holding
 * a lock (a folder: mkdir is atomic) that callers in other workers wait on; it builds beside and renames the
 * whole into place, so nobody sees half a bundle. Each command's modules stay a chunk of their own, loaded
 * when it runs, as in the published CLI: one file with every server in it took seconds more to start each
 * command. Returns the entry's path.
 */
async function bundledCli(): Promise<string> {
  const dir = inject('cliBundleDir')
  if (!dir)
    throw new Error('no cliBundleDir: run the tests with vitest.config.ts, whose globalSetup makes it')
  inFlight ??= buildOnce(dir).finally(() => {
    inFlight = undefined
  })
  return inFlight
}

let inFlight: Promise<string> | undefined

async function buildOnce(dir: string, timeoutMs = 120_000): Promise<string> {
  const out = cliBundleOut(dir)
  const entry = join(out, 'main.mjs')
  const lock = join(dir, 'building')
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (existsSync(entry)) return entry
    try {
      mkdirSync(lock)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      // A worker that died building leaves its lock: the next waiter takes over.
      if (!builderAlive(lock)) rmSync(lock, { recursive: true, force: true })
      else if (Date.now() > deadline)
        throw new Error(`the CLI bundle in ${dir} was not built within ${timeoutMs} ms`)
      else await new Promise((resolve) => setTimeout(resolve, 100))
      continue
    }
    try {
      writeFileSync(join(lock, 'pid'), String(process.pid))
      const staging = mkdtempSync(join(dir, 'staging-'))
      try {
        await build({
          entryPoints: { main: join(packageRoot, 'services/cli/main.ts') },
          bundle: true,
          splitting: true,
          platform: 'node',
          format: 'esm',
          target: 'node20',
          ...fromWorkspaceSources,
          outdir: staging,
          outExtension: { '.js': '.mjs' },
          logLevel: 'silent',
        })
        try {
          renameSync(staging, out)
        } catch (error) {
          // Two took over one dead builder's lock at once: the first's bundle is as good.
          if (!existsSync(entry)) throw error
        }
      } finally {
        rmSync(staging, { recursive: true, force: true })
      }
      return entry
    } finally {
      // Released on failure too: the next waiter tries, and reports the build's error in its own file.
      rmSync(lock, { recursive: true, force: true })
    }
  }
}

/** Whether the worker holding `lock` still runs (one that has not yet written its pid is taken to). */
function builderAlive(lock: string): boolean {
  let pid: number
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'))
  } catch {
    return true
  }
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The bundled CLI of a test file, and a folder of the file's own. */
export type BundledCli = {
  /** The entry of this run's bundled CLI, for `runCli`: there from the file's first `beforeAll` on. */
  readonly cli: string
  /** A temporary folder for the file, there from the call on and removed after its tests. */
  readonly dir: string
}

/**
 * Registers the hooks of a file (or describe) that runs the bundled CLI: a temporary folder named after
 * `name`, and the run's bundle (built by the first file that asks). Call it before any hook that reads `cli`.
 */
export function useBundledCli(name: string): BundledCli {
  const dir = mkdtempSync(join(tmpdir(), `pairwise-${name}-`))
  let cli: string | undefined
  // Another worker may be building the bundle, on a machine busy with other files.
  beforeAll(async () => {
    cli = await bundledCli()
  }, 120_000)
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  return {
    get cli() {
      if (!cli) throw new Error(`useBundledCli('${name}'): the CLI is there from beforeAll on`)
      return cli
    },
    dir,
  }
}

/** Runs the bundled CLI with `args` until it exits (a refused start, say). */
export async function runCliToExit(cli: string, args: string[], env = process.env): Promise<CliRun> {
  const run = runCli(cli, args, env)
  await run.exited
  return run
}

/**
 * Runs `tasks` with at most `limit` in flight, the next starting as soon as one ends; their results in order.
 * For CLI starts, which are mostly their child loading modules: a few at once keep both cores busy, where one
 * at a time leaves one idle and ten at once on a busy two-core machine leave each too little.
 */
export async function atMost<T>(limit: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = []
  let next = 0
  const lane = async () => {
    for (let index = next++; index < tasks.length; index = next++)
      results[index] = await (tasks[index] as () => Promise<T>)()
  }
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, lane))
  return results
}

export type CliRun = {
  child: ChildProcess
  output(): string
  /** The exit code, or the signal that ended it. */
  exited: Promise<number | NodeJS.Signals | null>
  /** Resolves with the first match of `pattern` in stdout+stderr; rejects with the output after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>
}

/** Runs the bundled CLI with `args`, collecting its output. */
export function runCli(cli: string, args: string[], env: NodeJS.ProcessEnv = process.env): CliRun {
  const child = spawn(process.execPath, [cli, ...args], {
    cwd: packageRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let text = ''
  const collect = (chunk: Buffer) => {
    text += chunk.toString()
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  )
  return {
    child,
    output: () => text,
    exited,
    async waitFor(pattern, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const match = text.match(pattern)
        if (match) return match
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`no ${pattern} within ${timeoutMs} ms; output:\n${text}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
  }
}
