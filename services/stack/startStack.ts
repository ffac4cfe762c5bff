import { isPortTaken, PortInUseError } from '../net/ports.js'
import { privateDir } from '../relay/index.js'
import { allAnswer, type PartReady } from './allAnswer.js'
import { portsOf, type StackConfig, type StackPart, stackPorts } from './config.js'
import { stackPartList } from './parts/index.js'
import { removeStackFile, type StackFile, writeStackFile } from './stackFile.js'
import type { AnyStackPart, StackOptions, StackServices, StackUrl } from './stackPart.js'

export type RunningStack = StackServices & {
  readonly urls: readonly StackUrl[]
  /** Where the stack file was written; removed on stop. */
  readonly stackFile: string
  /** Stops every part in reverse start order; safe to call more than once. */
  stop(): Promise<void>
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Stopping the stack ran every part's stop, and these failed: the parts named may still hold their ports. */
export class StackStopError extends Error {
  override readonly name = 'StackStopError'
  constructor(readonly failures: readonly { part: string; error: unknown }[]) {
    super(
      `Stopping the stack failed: ${failures
        .map(({ part, error }) => `the ${part} part: ${messageOf(error)}`)
        .join('; ')}`,
    )
  }
}

/** Fails before starting anything when any configured port is already taken. */
async function assertPortsFree(config: StackConfig): Promise<void> {
  for (const [part, port] of Object.entries(config.ports) as [StackPart, number][]) {
    for (const taken of portsOf(part, port))
      if (await isPortTaken(taken, config.host))
        throw new PortInUseError(part, config.host, taken, stackPorts[part].env)
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
  const stops: { part: string; stop: () => Promise<void> | void }[] = []
  let stopping: Promise<void> | undefined
  // Every stop runs even when one before it fails: one part's error must not leave the others running.
  const stop = () => {
    stopping ??= (async () => {
      const failures: { part: string; error: unknown }[] = []
      for (const { part, stop: stopOne } of stops.reverse())
        await Promise.resolve()
          .then(stopOne)
          .catch((error: unknown) => failures.push({ part, error }))
      if (failures.length > 0) throw new StackStopError(failures)
    })()
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
      const started = await part.start({
        ...(services as StackServices),
        config,
        options,
        onStop: (stopOne) => stops.push({ part: part.name, stop: stopOne }),
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
    stops.push({ part: 'stack file', stop: () => removeStackFile(config.stackFile) })
    return { ...(services as StackServices), urls, stackFile: config.stackFile, stop }
  } catch (error) {
    // The start's error is what the caller acts on (a PartEndedError may be retried); a failed stop joins
    // it, since what it left running would make that retry fail too.
    const stopFailed = await stop().then(
      () => undefined,
      (stopError: unknown) => stopError,
    )
    if (stopFailed === undefined) throw error
    throw new AggregateError([error, stopFailed], `${messageOf(error)}; ${messageOf(stopFailed)}`)
  }
}
