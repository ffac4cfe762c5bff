import { type Stoppable, stopAfterFailedStart, stopEvery } from '../kit/stopEvery.js'
import { isPortTaken, PortInUseError } from '../net/ports.js'
import { privateDir } from '../relay/index.js'
import { allAnswer, type PartReady } from './allAnswer.js'
import { portsOf, type StackConfig, type StackPart, stackPorts } from './config.js'
import { listenHostOf } from './listenHosts.js'
import { stackPartList } from './parts/index.js'
import { removeStackFile, type StackFile, writeStackFile } from './stackFile.js'
import type { AnyStackPart, StackOptions, StackServices, StackUrl } from './stackPart.js'

export type RunningStack = StackServices & {
  readonly urls: readonly StackUrl[]
  /** Where the stack file was written; removed on stop. */
  readonly stackFile: string
  /**
   * Stops every part in reverse start order, each even when a stop before it failed, then rejects with a
   * `StopError` naming every failure; safe to call more than once.
   */
  stop(): Promise<void>
}

/** Fails before starting anything when any configured port is already taken where it will listen. */
async function assertPortsFree(config: StackConfig): Promise<void> {
  for (const [part, port] of Object.entries(config.ports) as [StackPart, number][]) {
    const host = listenHostOf(stackPorts[part], config.host)
    for (const taken of portsOf(part, port))
      if (await isPortTaken(taken, host)) throw new PortInUseError(part, host, taken, stackPorts[part].env)
  }
}

/** Starts the whole local stack, part after part (`parts/index.ts`), and writes the stack file once all answer. */
export const startStack = (config: StackConfig, options: StackOptions = {}): Promise<RunningStack> =>
  startParts(stackPartList, config, options)

/** Starts `parts` in order, each with what those before it gave, and writes the stack file once all answer. */
export async function startParts(
  parts: readonly AnyStackPart[],
  config: StackConfig,
  options: StackOptions = {},
): Promise<RunningStack> {
  await assertPortsFree(config)
  // A file left by a stack that was killed names services that are gone: a reader waiting for the file
  // must not take it for this start's, which writes it again only once every part answers.
  removeStackFile(config.stackFile)
  // One stop at a time, last first: a part stops before those it needs.
  const stops: Stoppable[][] = []
  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= stopEvery('the stack', stops)
    return stopping
  }
  try {
    // Logins, emails, recovery blobs and mailboxes: no other local user may list or read them.
    privateDir(config.dataDir)
    const services: Partial<StackServices> = {}
    const urls: StackUrl[] = []
    const ready: PartReady[] = []
    const stackFile: Partial<StackFile> = {}
    for (const part of parts) {
      const missing = part.needs.filter((need) => !(need in services))
      if (missing.length > 0)
        throw new Error(`The ${part.name} part needs ${missing.join(', ')}, which no part before it gives`)
      // Every need was just checked present.
      const hosts = Object.fromEntries(
        Object.entries(part.ports).map(([name, spec]) => [name, listenHostOf(spec, config.host)]),
      )
      const started = await part.start({
        ...(services as StackServices),
        config: { ...config, hosts },
        options,
        onStop: (stopOne) => stops.push([{ name: `the ${part.name} part`, stop: stopOne }]),
      })
      Object.assign(services, started.gives)
      urls.push(...started.urls)
      ready.push(...started.ready.map((url) => ({ part: part.name, url, ended: started.ended })))
      Object.assign(stackFile, started.stackFile, {
        contracts: { ...stackFile.contracts, ...started.stackFile.contracts },
      })
    }
    await allAnswer(ready)
    writeStackFile(config.stackFile, stackFile as StackFile)
    stops.push([{ name: 'the stack file', stop: () => removeStackFile(config.stackFile) }])
    return { ...(services as StackServices), urls, stackFile: config.stackFile, stop }
  } catch (error) {
    // A PartEndedError may be retried: the caller gets it, joined by a failed stop's error.
    return stopAfterFailedStart(error, stop)
  }
}
