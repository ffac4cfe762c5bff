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

/** Fails before starting anything when any configured port is already taken. */
async function assertPortsFree(config: StackConfig): Promise<void> {
  for (const [part, port] of Object.entries(config.ports) as [StackPart, number][]) {
    for (const taken of portsOf(part, port))
      if (await isPortTaken(taken, config.host))
        throw new PortInUseError(part, config.host, taken, stackPorts[part].env)
  }
}

/** Starts the whole local stack, part after part (`parts/index.ts`), and writes the stack file once all answer. */
export async function startStack(config: StackConfig, options: StackOptions = {}): Promise<RunningStack> {
  await assertPortsFree(config)
  const stops: (() => Promise<void> | void)[] = []
  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= (async () => {
      for (const stopOne of stops.reverse()) await stopOne()
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
    for (const part of stackPartList as readonly AnyStackPart[]) {
      const missing = part.needs.filter((need) => !(need in services))
      if (missing.length > 0)
        throw new Error(`The ${part.name} part needs ${missing.join(', ')}, which no part before it gives`)
      // Every need was just checked present.
      const started = await part.start({
        ...(services as StackServices),
        config,
        options,
        onStop: (stopOne) => stops.push(stopOne),
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
    stops.push(() => removeStackFile(config.stackFile))
    return { ...(services as StackServices), urls, stackFile: config.stackFile, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
