import { parseArgs } from 'node:util'
import { deployFixtures, startChain } from '../chain/index.js'
import { parseOperatorNumber } from '../kit/operatorNumber.js'
import { stackConfig } from '../stack/config.js'
import { parsePort, portSetting } from './flags.js'
import { runUntilSignal } from './runUntilSignal.js'

export const chainUsage = 'pairwise chain [--host H] [--port N] [--chain-id N]'

/** `--chain-id`: below 2^31, the largest id anvil and wallets agree on; undefined for the chain's own. */
export function parseChainId(value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  return parseOperatorNumber(value, '--chain-id', { what: 'a chain id', min: 1, max: 2 ** 31 - 1 })
}

export async function runChainCommand(args: string[], log: (line: string) => void): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { host: { type: 'string' }, port: { type: 'string' }, 'chain-id': { type: 'string' } },
  })
  const config = stackConfig(process.env, {
    host: values.host,
    ports: { chain: parsePort(values.port, '--port') },
    parts: ['chain'],
  })
  const chainId = parseChainId(values['chain-id'])
  const chain = await startChain({
    host: config.host,
    port: config.ports.chain,
    chainId,
    portEnv: portSetting('chain', { flag: '--port', typed: values.port }, process.env),
  })
  const fixtures = await deployFixtures(chain.rpcUrl, chain.chainId).catch(async (error: unknown) => {
    await chain.stop()
    throw error
  })
  await runUntilSignal(chain.stop, log, [
    `chain  ${chain.rpcUrl}  (chain ${chain.chainId}; tUSD at ${fixtures.testUsd})`,
  ])
}
