import { generateSigningKeyPair, signRelayJwt } from '../../crypto/noble.js'
import { Load, type Phase } from './load.js'

/**
 * One server's clients in a process of their own, driven by the benchmark over IPC: each server keeps its
 * clients connected while the others are measured, and the CPU they cost is this process's alone.
 */
export type LoadCommand =
  | { kind: 'connect'; url: string; clients: number; ack: boolean; auth: boolean }
  | { kind: 'run'; count: number; window: number; ratePerSecond?: number }

/** `cpuSeconds`: what this process used during the run, user and system. */
export type LoadReply =
  | { kind: 'connected' }
  | { kind: 'ran'; phase: Phase; cpuSeconds: number }
  | { kind: 'failed'; message: string }

/** Answers the benchmark's commands, one at a time: it waits for each reply before it sends the next. */
function serveCommands(): void {
  let load: Load | undefined
  const handle = async (command: LoadCommand): Promise<LoadReply> => {
    if (command.kind === 'connect') {
      const { url, clients, ack, auth } = command
      // Every client has its own key, hence its own client id: the relay never echoes to the publisher's id.
      const query = () =>
        `auth=${signRelayJwt({ secretKey: generateSigningKeyPair().secretKey, aud: url })}&projectId=bench`
      load = new Load({ url, clients, ack, query: auth ? query : () => '' })
      await load.connect()
      return { kind: 'connected' }
    }
    if (!load) throw new Error('run before connect')
    const before = process.cpuUsage()
    const phase = await load.run(command)
    const used = process.cpuUsage(before)
    return { kind: 'ran', phase, cpuSeconds: (used.user + used.system) / 1e6 }
  }
  process.on('message', (command: LoadCommand) => {
    handle(command).then(
      (reply) => process.send?.(reply),
      (error: unknown) => process.send?.({ kind: 'failed', message: String(error) } satisfies LoadReply),
    )
  })
  process.on('disconnect', () => {
    load?.close()
    process.exit(0)
  })
}

serveCommands()
