import { parseArgs } from 'node:util'
import { DEFAULT_MINE_EVERY_MS, startBitcoinChain } from '../bitcoin/index.js'
import { parseOperatorNumber } from '../kit/operatorNumber.js'
import { stackConfig, trustProxyOf } from '../stack/config.js'
import { parsePort, portSetting, trustProxyOption } from './flags.js'
import { runUntilSignal } from './runUntilSignal.js'

export const bitcoinUsage =
  'pairwise bitcoin [--host H] [--port N] [--data-dir DIR] [--mine-every SECONDS] [--trust-proxy CIDR,…]…  (PAIRWISE_BITCOIN_PORT 3002; the chain kept in PAIRWISE_DATA_DIR/bitcoin; --mine-every 0 mines only on demand)'

/** `--mine-every`'s value in milliseconds: whole seconds, 0 for never. */
export function mineEveryMs(value: string | undefined): number | undefined {
  if (value === undefined) return DEFAULT_MINE_EVERY_MS
  const seconds = parseOperatorNumber(value, '--mine-every', { what: 'whole seconds', min: 0, max: 999_999 })
  return seconds === 0 ? undefined : seconds * 1000
}

/** `pairwise bitcoin`: the local regtest chain behind Esplora's HTTP API, until a signal stops it. */
export async function runBitcoinCommand(args: string[], log: (line: string) => void): Promise<never> {
  const { values } = parseArgs({
    args,
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      'mine-every': { type: 'string' },
      ...trustProxyOption,
    },
  })
  const config = stackConfig(process.env, {
    host: values.host,
    dataDir: values['data-dir'],
    trustProxy: trustProxyOf(values['trust-proxy'], process.env),
    ports: { bitcoin: parsePort(values.port, '--port') },
    parts: ['bitcoin'],
  })
  const every = mineEveryMs(values['mine-every'])
  const chain = await startBitcoinChain({
    host: config.host,
    port: config.ports.bitcoin,
    dataDir: config.dataDir,
    mineEveryMs: every,
    portEnv: portSetting('bitcoin', { flag: '--port', typed: values.port }, process.env),
    trustProxy: config.trustProxy,
  })
  return runUntilSignal(chain.close, log, [
    `bitcoin  ${chain.url}  (regtest ${chain.caipNetworkId}; Esplora API ${chain.url}/api; chain file ${chain.file})`,
    `  faucet  POST ${chain.url}/regtest/faucet {"address","sats"}; mine POST ${chain.url}/regtest/mine {"blocks"}${every === undefined ? '' : `; a block every ${every / 1000} s while the mempool is not empty`}`,
  ])
}
