import { createWriteStream } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Address } from 'viem'
import { serverUrl } from '../kit/listen.js'
import { isPortTaken, PortInUseError } from '../net/ports.js'
import { startChildGroup, waitUntil } from '../process/childGroup.js'
import { bundlerExecutorKey, bundlerUtilityKey } from './accounts.js'

export type StartBundlerOptions = {
  /** The chain the bundler simulates on and sends its bundles to. */
  rpcUrl: string
  /** The EntryPoint v0.8 its UserOperations go through. */
  entryPoint: Address
  host: string
  port: number
  /** Env var that sets the port, named in the "port in use" error. */
  portEnv?: string
  /** Where alto's log goes (truncated at each start); dropped when omitted. */
  logFile?: string
  /** How long alto may take to answer /health: it loads a large dependency tree and deploys its simulation contracts first. */
  readyTimeoutMs?: number
}

export type LocalBundler = {
  readonly url: string
  readonly pid: number
  stop(): Promise<void>
}

/**
 * alto's CLI entry, resolved from its package, or undefined where it is not installed (an install of the
 * published package: alto is GPL-3.0 and only this repository's devDependency). It only ever runs as a
 * separate process of the dev stack, never imported or bundled into our code.
 */
export function altoEntry(
  resolve: (id: string) => string = createRequire(import.meta.url).resolve,
): string | undefined {
  let main: string
  try {
    main = resolve('@pimlico/alto')
  } catch {
    return undefined
  }
  return join(dirname(main), 'cli', 'alto.js')
}

/**
 * A module Node runs before alto (`--import`) that makes every server of the process listen on `host`.
 * alto binds 0.0.0.0 and has no flag for another host, and it holds funded executor keys: on every
 * interface anyone on the network could spend their gas through it, and the stack's rule is that its
 * parts listen on its host (loopback by default) only. A data: URL, so it runs the same from the sources
 * and from dist.
 */
export function listenOnHostModule(host: string): string {
  const code = `import net from 'node:net'
const listen = net.Server.prototype.listen
net.Server.prototype.listen = function (...args) {
  const last = args[args.length - 1]
  const options = typeof args[0] === 'object' && args[0] !== null ? args[0] : { port: args[0] }
  return listen.call(this, { ...options, host: ${JSON.stringify(host)} }, ...(typeof last === 'function' ? [last] : []))
}
`
  return `data:text/javascript,${encodeURIComponent(code)}`
}

/**
 * Starts alto (an ERC-4337 bundler) against the local chain on `host:port`, without waiting for it: it
 * loads a large dependency tree and deploys its simulation contracts first, for some seconds, which the
 * stack spends starting its other parts (its /health is among the URLs the stack waits for). Safe mode
 * (the ERC-7562 tracing rules) is off: Anvil's tracer lacks what it needs (it fails with "Encoded error
 * signature 0x99410554 not found"), and a dev chain needs no protection from griefing.
 */
export async function spawnBundler({
  rpcUrl,
  entryPoint,
  host,
  port,
  portEnv,
  logFile,
}: Omit<StartBundlerOptions, 'readyTimeoutMs'>): Promise<LocalBundler & { exited: Promise<unknown> }> {
  const entry = altoEntry()
  if (!entry) throw new Error('The local bundler needs @pimlico/alto, a devDependency: run `npm install`.')
  if (await isPortTaken(port, host)) throw new PortInUseError('bundler', host, port, portEnv)
  const group = startChildGroup({
    name: 'alto',
    command: process.execPath,
    args: [
      '--import',
      listenOnHostModule(host),
      entry,
      '--entrypoints',
      entryPoint,
      '--rpc-url',
      rpcUrl,
      '--executor-private-keys',
      bundlerExecutorKey,
      '--utility-private-key',
      bundlerUtilityKey,
      '--safe-mode',
      'false',
      // The frame runs in the browser on another origin than the bundler.
      '--enable-cors',
      'true',
      // Anvil mines each transaction at once: look for receipts often.
      '--block-time',
      '250',
      '--port',
      String(port),
      // Problems only: at info it logs every RPC call with its body.
      '--log-level',
      'warn',
    ],
    output: logFile ? 'pipe' : 'ignore',
  })
  let logged: Promise<void> = Promise.resolve()
  if (logFile) {
    const log = createWriteStream(logFile)
    // Both outputs go to the one log, which ends only once the child has closed both: a pipe that ended it
    // at the first one's end would lose what alto writes last, on the other, as it fails.
    group.child.stdout?.pipe(log, { end: false })
    group.child.stderr?.pipe(log, { end: false })
    logged = new Promise((resolve) => group.child.once('close', () => log.end(resolve)))
  }
  return {
    url: serverUrl(host, port),
    pid: group.pid,
    // Once alto is gone and its log holds everything it wrote.
    exited: Promise.all([group.exited, logged]).then(([code]) => code),
    stop: () => group.stop(),
  }
}

/** Starts alto as `spawnBundler` does and resolves once its /health answers. */
export async function startBundler({
  readyTimeoutMs = 60_000,
  ...options
}: StartBundlerOptions): Promise<LocalBundler> {
  const { exited, ...bundler } = await spawnBundler(options)
  try {
    await waitUntil(
      async () => {
        const response = await fetch(`${bundler.url}/health`, { signal: AbortSignal.timeout(1000) })
        await response.body?.cancel()
        return response.ok
      },
      `the bundler at ${bundler.url}`,
      {
        timeoutMs: readyTimeoutMs,
        intervalMs: 200,
        abort: exited.then(
          (code) => `alto exited with ${code}${options.logFile ? `, see ${options.logFile}` : ''}`,
        ),
      },
    )
  } catch (error) {
    await bundler.stop()
    throw error
  }
  return bundler
}
