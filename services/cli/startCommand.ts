import { parseArgs } from 'node:util'
import { type StackPart, stackConfig, stackParts, trustProxyOf } from '../stack/config.js'
import { listenHosts, loopbackOnlyPorts } from '../stack/listenHosts.js'
import { startStack } from '../stack/startStack.js'
import { assertPortsFree, type PortFlag, parsePort, trustProxyOption } from './flags.js'
import { runUntilSignal } from './runUntilSignal.js'

/** A port's flag: `solanaDevnet` is `--solana-devnet-port`. */
export const portFlag = (part: StackPart) =>
  `${part.replace(/[A-Z]/g, (upper) => `-${upper.toLowerCase()}`)}-port`

export const startUsage = [
  `pairwise start [--host H] [--data-dir DIR] [--stack-file FILE] [--trust-proxy CIDR,…]… ${stackParts
    .map((part) => `[--${portFlag(part)} N]`)
    .join(' ')}`,
  `  --host H  where the parts listen (default 127.0.0.1, else PAIRWISE_HOST); the dev-only ones (${loopbackOnlyPorts.join(', ')}: the inbox of login codes, the test logins) stay on 127.0.0.1 unless H is a loopback address`,
].join('\n')

export async function runStartCommand(args: string[], log: (line: string) => void): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      'stack-file': { type: 'string' },
      ...Object.fromEntries(stackParts.map((part) => [portFlag(part), { type: 'string' } as const])),
      ...trustProxyOption,
    },
  })
  const flagValue = (name: string): string | undefined => {
    const value = (values as Record<string, unknown>)[name]
    return typeof value === 'string' ? value : undefined
  }
  const flags = Object.fromEntries(
    stackParts.map((part) => [part, { flag: `--${portFlag(part)}`, typed: flagValue(portFlag(part)) }]),
  ) as Record<StackPart, PortFlag>
  const config = stackConfig(process.env, {
    host: values.host,
    dataDir: values['data-dir'],
    stackFile: values['stack-file'],
    trustProxy: trustProxyOf(values['trust-proxy'], process.env),
    ports: Object.fromEntries(
      stackParts.map((part) => [part, parsePort(flags[part].typed, flags[part].flag)]),
    ),
  })
  // The stack checks its ports too, but can name only their env variables.
  await assertPortsFree(config, flags, process.env)
  const stack = await startStack(config)
  const width = Math.max(...stack.urls.map((u) => u.part.length))
  const hosts = listenHosts(config.host)
  const onLoopback = loopbackOnlyPorts.filter((part) => hosts[part] !== config.host)
  await runUntilSignal(stack.stop, log, [
    'Pairwise local stack is up:',
    ...stack.urls.map(
      ({ part, url, detail }) => `  ${part.padEnd(width)}  ${url}${detail ? `  (${detail})` : ''}`,
    ),
    ...(onLoopback.length > 0
      ? [`Dev-only, so on loopback whatever --host says: ${onLoopback.join(', ')}`]
      : []),
    `Stack file: ${stack.stackFile}`,
    'Press Ctrl-C to stop.',
  ])
}
