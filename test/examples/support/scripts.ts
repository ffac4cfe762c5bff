import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { fromWorkspaceSources } from '../../support/workspaceSource.js'

const root = fileURLToPath(new URL('../../../', import.meta.url))

export type BundledScripts = {
  /** The runnable file of the entry named `name`. */
  path(name: string): string
  remove(): Promise<void>
}

/**
 * Compiles TypeScript entry points into runnable Node scripts, as `npm run build` would, without touching
 * dist/. The output stays inside the repository so bare imports resolve to its node_modules.
 */
export async function bundleNodeScripts(entries: Record<string, string>): Promise<BundledScripts> {
  const outdir = join(root, '.pairwise', 'test-bundles', randomUUID())
  await build({
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, join(root, file)])),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    ...fromWorkspaceSources,
    logLevel: 'silent',
  })
  return {
    path: (name) => join(outdir, `${name}.js`),
    remove: () => rm(outdir, { recursive: true, force: true }),
  }
}

export type RunningScript = {
  readonly output: string[]
  /** Resolves with the first match of `pattern` in a line of stdout. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>
  readonly exited: Promise<number | null>
  stop(): Promise<void>
}

/** Runs a Node script, collecting its stdout and stderr line by line. */
export function runScript(file: string, args: string[], env: NodeJS.ProcessEnv = {}): RunningScript {
  const child: ChildProcess = spawn(process.execPath, [file, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  const watchers = new Set<(line: string) => void>()
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      output.push(line)
      for (const watcher of watchers) watcher(line)
    }
  }
  child.stdout?.on('data', onData)
  child.stderr?.on('data', onData)
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)))
  return {
    output,
    exited,
    waitForLine(pattern, timeoutMs = 30_000) {
      const seen = output.map((line) => line.match(pattern)).find((match) => match !== null)
      if (seen) return Promise.resolve(seen)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          watchers.delete(watch)
          reject(
            new Error(`no line matching ${pattern} within ${timeoutMs} ms; output:\n${output.join('\n')}`),
          )
        }, timeoutMs)
        const watch = (line: string) => {
          const match = line.match(pattern)
          if (!match) return
          clearTimeout(timer)
          watchers.delete(watch)
          resolve(match)
        }
        watchers.add(watch)
        void exited.then(() => {
          if (!watchers.has(watch)) return
          clearTimeout(timer)
          watchers.delete(watch)
          reject(new Error(`exited before a line matching ${pattern}; output:\n${output.join('\n')}`))
        })
      })
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}
