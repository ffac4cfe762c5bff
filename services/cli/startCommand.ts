import { parseArgs } from 'node:util'
import { stackConfig, trustProxyOf } from '../stack/config.js'
import { startStack } from '../stack/startStack.js'
import { parsePort, trustProxyOption } from './flags.js'
import { runUntilSignal } from './runUntilSignal.js'

export const startUsage =
  'pairwise start [--host H] [--data-dir DIR] [--stack-file FILE] [--trust-proxy CIDR,…]… [--chain-port N] [--relay-port N] [--api-port N] [--frame-port N] [--smtp-port N] [--mail-port N] [--demo-port N] [--solana-port N] [--solana-devnet-port N] [--bitcoin-port N]'

export async function runStartCommand(args: string[], log: (line: string) => void): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      'stack-file': { type: 'string' },
      'chain-port': { type: 'string' },
      'relay-port': { type: 'string' },
      'api-port': { type: 'string' },
      'frame-port': { type: 'string' },
      'smtp-port': { type: 'string' },
      'mail-port': { type: 'string' },
      'demo-port': { type: 'string' },
      'solana-port': { type: 'string' },
      'solana-devnet-port': { type: 'string' },
      'bitcoin-port': { type: 'string' },
      ...trustProxyOption,
    },
  })
  const config = stackConfig(process.env, {
    host: values.host,
    dataDir: values['data-dir'],
    stackFile: values['stack-file'],
    trustProxy: trustProxyOf(values['trust-proxy'], process.env),
    ports: {
      chain: parsePort(values['chain-port'], '--chain-port'),
      relay: parsePort(values['relay-port'], '--relay-port'),
      api: parsePort(values['api-port'], '--api-port'),
      frame: parsePort(values['frame-port'], '--frame-port'),
      smtp: parsePort(values['smtp-port'], '--smtp-port'),
      mail: parsePort(values['mail-port'], '--mail-port'),
      demo: parsePort(values['demo-port'], '--demo-port'),
      solana: parsePort(values['solana-port'], '--solana-port'),
      solanaDevnet: parsePort(values['solana-devnet-port'], '--solana-devnet-port'),
      bitcoin: parsePort(values['bitcoin-port'], '--bitcoin-port'),
    },
  })
  const stack = await startStack(config)
  const width = Math.max(...stack.urls.map((u) => u.part.length))
  await runUntilSignal(stack.stop, log, [
    'Pairwise local stack is up:',
    ...stack.urls.map(
      ({ part, url, detail }) => `  ${part.padEnd(width)}  ${url}${detail ? `  (${detail})` : ''}`,
    ),
    `Stack file: ${stack.stackFile}`,
    'Press Ctrl-C to stop.',
  ])
}
