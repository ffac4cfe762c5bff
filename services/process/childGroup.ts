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

/**
 * Starts a command as the leader of its own process group, so that stopping it also stops anything it
 * spawned, and so that a Ctrl-C at the terminal reaches only our orchestrator, which stops groups in order.
 */
export function startChildGroup(options: ChildGroupOptions): ChildGroup {
  const child = spawn(options.command, [...options.args], {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true,
    stdio: ['ignore', options.output ?? 'ignore', options.output ?? 'ignore'],
  })
  if (child.pid === undefined) throw new Error(`${options.name} could not be started (${options.command})`)
  const pid = child.pid
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
