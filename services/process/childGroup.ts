import { type ChildProcess, spawn } from 'node:child_process'

export type ChildGroupOptions = {
  /** Shown in errors and logs. */
  name: string
  command: string
  args: readonly string[]
  env?: NodeJS.ProcessEnv
  cwd?: string
  /** Where the child's stdout and stderr go; ignored when omitted. */
  output?: 'inherit' | 'pipe' | 'ignore'
  /**
   * A folder of the command's (a throwaway database's) that the guard removes once the command has exited,
   * also when this process died first and nothing of ours is left to remove it.
   */
  removeOnExit?: string
}

export type ChildGroup = {
  readonly name: string
  readonly pid: number
  readonly child: ChildProcess
  /** Resolves with the exit code (or signal) once the whole group is gone. */
  readonly exited: Promise<number | NodeJS.Signals>
  /** SIGTERM to the whole process group, SIGKILL after `graceMs`; resolves when it has exited. */
  stop(graceMs?: number): Promise<void>
}

/** How long an orphaned command gets to stop on SIGTERM before its whole group is killed. */
export const orphanGraceMs = 2000

/** Names the guarded command line (JSON) for the guard; the guard removes it before starting the command. */
const guardedCommandEnv = 'PAIRWISE_GUARDED_COMMAND'
/** Names `removeOnExit` for the guard, which likewise keeps it from the command. */
const guardedFolderEnv = 'PAIRWISE_GUARDED_REMOVE'

/**
 * The guard every child group runs under: a tiny Node program that leads the group, starts the command in
 * it, passes stop signals on, exits as the command does, and holds a pipe from us on its stdin. When that
 * pipe closes, we are gone — even by SIGKILL, which runs no handler of ours — and the guard stops the command
 * (SIGTERM, then SIGKILL after `orphanGraceMs`), removes its folder, then kills what is left of the group
 * (itself included), so no chain is left holding a port and no database left in the temp dir.
 * Plain CommonJS in a string, so it runs the same from the sources (tests) and from dist.
 */
const guardScript = `
const { spawn } = require('node:child_process')
const { rmSync } = require('node:fs')
const [command, ...args] = JSON.parse(process.env.${guardedCommandEnv})
const folder = process.env.${guardedFolderEnv}
delete process.env.${guardedCommandEnv}
delete process.env.${guardedFolderEnv}
const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] })
let orphaned = false
const killGroup = () => { try { process.kill(-process.pid, 'SIGKILL') } catch {} }
const removeFolder = () => { if (folder) try { rmSync(folder, { recursive: true, force: true }) } catch {} }
const signals = ['SIGINT', 'SIGTERM', 'SIGHUP']
for (const signal of signals) process.on(signal, () => child.kill(signal))
child.on('error', (error) => { process.stderr.write(command + ': ' + error.message + '\\n'); removeFolder(); process.exit(127) })
child.on('exit', (code, signal) => {
  removeFolder()
  if (orphaned) killGroup()
  for (const s of signals) process.removeAllListeners(s)
  if (signal) process.kill(process.pid, signal)
  process.exit(code ?? 1)
})
const onOrphaned = () => {
  if (orphaned) return
  orphaned = true
  child.kill('SIGTERM')
  // The command, not the group: its exit removes the folder first, then kills the rest of the group.
  setTimeout(() => child.kill('SIGKILL'), ${orphanGraceMs})
}
process.stdin.on('end', onOrphaned)
process.stdin.on('close', onOrphaned)
process.stdin.on('error', onOrphaned)
process.stdin.resume()
`

/**
 * Starts a command as the leader of its own process group, so that stopping it also stops anything it
 * spawned, and so that a Ctrl-C at the terminal reaches only our orchestrator, which stops groups in order.
 * The group's leader is a guard (see `guardScript`) that ends the command when this process dies.
 */
export function startChildGroup(options: ChildGroupOptions): ChildGroup {
  const output = options.output ?? 'ignore'
  const child = spawn(process.execPath, ['-e', guardScript], {
    cwd: options.cwd,
    env: {
      ...(options.env ?? process.env),
      [guardedCommandEnv]: JSON.stringify([options.command, ...options.args]),
      ...(options.removeOnExit ? { [guardedFolderEnv]: options.removeOnExit } : {}),
    },
    detached: true,
    stdio: ['pipe', output, output],
  })
  if (child.pid === undefined) throw new Error(`${options.name} could not be started (${options.command})`)
  const pid = child.pid
  // Our end of the pipe the guard watches; it is never written to or ended, only closed by our exit.
  child.stdin?.on('error', () => {})
  const exited = new Promise<number | NodeJS.Signals>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 0))
    child.once('error', () => resolve(1))
  })
  let alive = true
  void exited.then(() => {
    alive = false
  })
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pid, sig)
    } catch {
      // The group is already gone.
    }
  }
  // A crash of the orchestrator must not leave a chain or relay listening.
  const onExit = () => signal('SIGKILL')
  process.once('exit', onExit)
  void exited.then(() => process.removeListener('exit', onExit))

  return {
    name: options.name,
    pid,
    child,
    exited,
    async stop(graceMs = 3000) {
      if (alive) {
        signal('SIGTERM')
        const timer = setTimeout(() => signal('SIGKILL'), graceMs)
        await exited
        clearTimeout(timer)
      }
      // Grandchildren may outlive the leader; the group id still reaches them.
      signal('SIGKILL')
    },
  }
}

/** Waits until `check` resolves true, polling every `intervalMs`; rejects with `what` after `timeoutMs`. */
export async function waitUntil(
  check: () => Promise<boolean>,
  what: string,
  {
    timeoutMs = 15_000,
    intervalMs = 50,
    abort,
  }: { timeoutMs?: number; intervalMs?: number; abort?: Promise<unknown> } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let aborted: unknown
  let isAborted = false
  void abort?.then((reason) => {
    isAborted = true
    aborted = reason
  })
  while (Date.now() < deadline) {
    if (isAborted) throw new Error(`${what}: gave up (${String(aborted)})`)
    if (await check().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
  throw new Error(`${what}: not ready after ${timeoutMs} ms`)
}
