import { parseArgs } from 'node:util'
import { stackConfig } from 'pairwise'
import type { Hex } from 'viem'
import { z } from 'zod'

export type ExampleSettings = {
  relayUrl: string
  rpcUrl: string
  privateKey: Hex | undefined
  positionals: string[]
  /** The dapp signs in (`authenticate()`) instead of connecting, signing and sending. */
  authenticate: boolean
  help: boolean
}

const PrivateKeySchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'PAIRWISE_PRIVATE_KEY must be 0x and 64 hex digits')
  .transform((key) => key as Hex)

/**
 * Where the examples find the relay and the chain: `--relay` / `--rpc`, else `PAIRWISE_RELAY_URL` /
 * `PAIRWISE_RPC_URL`, else the local stack `npm start` runs (honouring `PAIRWISE_HOST` and its ports).
 */
export function exampleSettings(args: string[], env: NodeJS.ProcessEnv): ExampleSettings {
  const { values, positionals } = parseArgs({
    args,
    options: {
      relay: { type: 'string' },
      rpc: { type: 'string' },
      authenticate: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
  })
  const stack = stackConfig(env)
  return {
    relayUrl: values.relay ?? env.PAIRWISE_RELAY_URL ?? `ws://${stack.host}:${stack.ports.relay}`,
    rpcUrl: values.rpc ?? env.PAIRWISE_RPC_URL ?? `http://${stack.host}:${stack.ports.chain}`,
    privateKey:
      env.PAIRWISE_PRIVATE_KEY === undefined ? undefined : PrivateKeySchema.parse(env.PAIRWISE_PRIVATE_KEY),
    positionals,
    authenticate: values.authenticate ?? false,
    help: values.help ?? false,
  }
}
