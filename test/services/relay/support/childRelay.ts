import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build } from 'esbuild'
import { afterAll, beforeAll } from 'vitest'
import { fromWorkspaceSources } from '../../../support/workspaceSource.js'

const root = resolve(import.meta.dirname, '../../../..')

/**
 * Bundles the relay's CLI entry to plain JavaScript so it can run as a real child process. Written under
 * node_modules so that its bare imports (ws, libsql, …) resolve to the project's packages.
 */
export async function buildRelayEntry(): Promise<string> {
  const directory = join(root, 'node_modules', '.cache', 'pairwise-relay-tests')
  mkdirSync(directory, { recursive: true })
  const outfile = join(directory, `relay-main-${process.pid}-${Date.now()}.mjs`)
  await build({
    entryPoints: [join(root, 'services/relay/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    ...fromWorkspaceSources,
    logLevel: 'error',
  })
  return outfile
}

export type ChildRelay = {
  url: string
  port: number
  child: ChildProcess
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** stderr so far, for failure messages. */
  output(): string
}

/** Starts the bundled relay with `args` and resolves once it prints the URL it listens on. */
export function startChildRelay(entry: string, args: string[], timeoutMs = 15_000): Promise<ChildRelay> {
  const child = spawn(process.execPath, [entry, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) =>
    child.once('exit', (code, signal) => resolveExit({ code, signal })),
  )
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`relay child did not start within ${timeoutMs} ms:\n${stderr}`))
    }, timeoutMs)
    void exited.then(({ code, signal }) => {
      clearTimeout(timer)
      reject(new Error(`relay child exited (${code ?? signal}) before listening:\n${stderr}`))
    })
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      const match = /listening on (ws:\/\/[^\s]+)/.exec(stdout)
      if (!match?.[1]) return
      clearTimeout(timer)
      const url = match[1]
      resolveStart({ url, port: Number(new URL(url).port), child, exited, output: () => stderr })
    })
  })
}

export type ChildRelays = {
  /** A scratch folder for the file's mailboxes, removed after its tests. */
  readonly directory: string
  /** Starts a relay child with `args`; it is killed after the file's tests if still running. */
  start(args: string[]): Promise<ChildRelay>
}

/**
 * The relay children of one test file: bundles the entry before its tests, and after them kills every
 * child still running and removes the entry and the scratch folder.
 */
export function childRelays(prefix: string): ChildRelays {
  const directory = mkdtempSync(join(tmpdir(), prefix))
  const children: ChildRelay[] = []
  let entry = ''
  beforeAll(async () => {
    entry = await buildRelayEntry()
  }, 30_000)
  afterAll(async () => {
    for (const relay of children) if (relay.child.exitCode === null) relay.child.kill('SIGKILL')
    await Promise.all(children.map((relay) => relay.exited))
    rmSync(directory, { recursive: true, force: true })
    rmSync(entry, { force: true })
  })
  return {
    directory,
    async start(args) {
      const relay = await startChildRelay(entry, args)
      children.push(relay)
      return relay
    },
  }
}
