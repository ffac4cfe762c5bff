import { createWriteStream } from 'node:fs'
import { startChildGroup, waitUntil } from '../process/childGroup.js'
import { groupListensOn } from '../process/groupListens.js'
import { outputTail } from './localServer.js'

/** One process the cluster started and watches: a node, the mail service, haproxy. */
export type Supervised = {
  readonly name: string
  /** Its process group (led by the group's guard): `kill -9 -<pgid>` ends it and everything it started. */
  readonly pgid: number
  /** The exit code (or signal) once the whole group is gone. */
  readonly exited: Promise<number | NodeJS.Signals>
  /** SIGTERM to the group (SIGKILL after a grace); resolves once it has exited. */
  stop(): Promise<void>
}

/** `pairwise` itself, as this process was started: the cluster runs each node as `pairwise <command>`. */
export type SelfCommand = { command: string; args: readonly string[] }

export function selfCommand(): SelfCommand {
  const script = process.argv[1]
  if (script === undefined) throw new Error('cannot tell how this pairwise was started (no script path)')
  return { command: process.execPath, args: [...process.execArgv, script] }
}

/** A URL "answers" while it gives any HTTP answer below 500: the process is up and not degraded. */
export async function answersBelow500(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(3000) })
  await response.body?.cancel()
  return response.status < 500
}

/**
 * Starts `command` in a process group of its own, its output appended to `logFile` (each node logs every
 * request, haproxy's health checks included: too much for a terminal), and resolves once `ready` holds of
 * `port` and the group listens there itself: whatever else answers on that port is not the process. A
 * process that exits or does not get ready in time fails the start, with its last lines in the error.
 */
export async function startSupervised(options: {
  name: string
  command: string
  args: readonly string[]
  env?: NodeJS.ProcessEnv
  /** The port `ready` asks on. */
  port: number
  ready: () => Promise<boolean>
  logFile: string
  timeoutMs: number
}): Promise<Supervised> {
  const group = startChildGroup({
    name: options.name,
    command: options.command,
    args: options.args,
    env: options.env,
    output: 'pipe',
  })
  const file = createWriteStream(options.logFile, { flags: 'a', mode: 0o600 })
  group.child.stdout?.pipe(file, { end: false })
  group.child.stderr?.pipe(file, { end: false })
  void group.exited.then(() => file.end())
  const tail = outputTail(group)
  try {
    const ready = async () => groupListensOn(group.pid, options.port) && (await options.ready())
    await waitUntil(ready, `${options.name} did not start`, {
      timeoutMs: options.timeoutMs,
      intervalMs: 100,
      abort: group.exited.then((code) => `it exited with ${code}`),
    })
  } catch (error) {
    await group.stop(1000)
    throw new Error(`${(error as Error).message}; the end of ${options.logFile}:\n${tail()}`)
  }
  return { name: options.name, pgid: group.pid, exited: group.exited, stop: () => group.stop() }
}
