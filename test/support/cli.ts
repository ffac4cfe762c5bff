import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { fromWorkspaceSources } from './workspaceSource.js'

export const packageRoot = fileURLToPath(new URL('../..', import.meta.url))

/**
 * The `pairwise` CLI from the sources, bundled for Node (dependencies stay in node_modules). Inside the
 * `pairwise` package's folder, so the bundle finds node_modules, the pages and Anvil as the sources do. Each
 * command's modules stay a chunk of their own, loaded when it runs, as in the published CLI: one file with
 * every server in it took seconds more to start each command. Returns the entry's path and a function that
 * removes the bundle.
 */
export async function bundleCli(name: string): Promise<{ cli: string; remove: () => void }> {
  const dir = join(packageRoot, 'services/.test-bundles', `${name}-${process.pid}`)
  mkdirSync(dir, { recursive: true })
  await build({
    entryPoints: { main: join(packageRoot, 'services/cli/main.ts') },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    ...fromWorkspaceSources,
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'silent',
  })
  return { cli: join(dir, 'main.mjs'), remove: () => rmSync(dir, { recursive: true, force: true }) }
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
