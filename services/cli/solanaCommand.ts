import { parseArgs } from 'node:util'
import { solanaTestKey, startSolanaChain } from '../solana/index.js'
import { stackConfig, trustProxyOf } from '../stack/config.js'
import { parsePort, portSetting, trustProxyOption } from './flags.js'
import { runUntilSignal } from './runUntilSignal.js'

export const solanaUsage =
  'pairwise solana [--host H] [--port N] [--ws-port N] [--genesis-hash H] [--trust-proxy CIDR,…]…  (PAIRWISE_SOLANA_PORT 8899; PubSub on the next port)'

/** `pairwise solana`: one local Solana chain with its fixtures, until a signal stops it. */
export async function runSolanaCommand(args: string[], log: (line: string) => void): Promise<never> {
  const { values } = parseArgs({
    args,
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      'ws-port': { type: 'string' },
      'genesis-hash': { type: 'string' },
      ...trustProxyOption,
    },
  })
  const config = stackConfig(process.env, {
    host: values.host,
    trustProxy: trustProxyOf(values['trust-proxy'], process.env),
    ports: { solana: parsePort(values.port, '--port') },
    parts: ['solana'],
  })
  const wsPort = parsePort(values['ws-port'], '--ws-port')
  // Both servers listen on one host: on one port the PubSub one would fail only after JSON-RPC started.
  if (wsPort === config.ports.solana)
    throw new Error(
      `Invalid --ws-port: Solana PubSub would listen on port ${wsPort}, which ${portSetting('solana', { flag: '--port', typed: values.port }, process.env)} already gives Solana JSON-RPC`,
    )
  const chain = await startSolanaChain({
    host: config.host,
    port: config.ports.solana,
    wsPort,
    genesisHash: values['genesis-hash'],
    portEnv: 'PAIRWISE_SOLANA_PORT',
    trustProxy: config.trustProxy,
  })
  return runUntilSignal(chain.close, log, [
    `solana  ${chain.rpcUrl}  (${chain.caipNetworkId}; PubSub ${chain.wsUrl})`,
    `  test key 0  ${solanaTestKey(0).address}  (1,000 SOL, 1,000 tUSD; keys 1-3 hold 1,000 SOL each)`,
    `  tUSD mint   ${chain.testUsdMint}  (Test USD, 6 decimals)`,
  ])
}
