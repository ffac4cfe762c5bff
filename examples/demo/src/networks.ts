import { defineNetwork, type EvmNetwork } from '@pairwise/modal'
import type { DemoConfig } from './config.js'

export const demoMetadata = {
  name: 'Pairwise demo',
  description: 'A host page showing the Pairwise wallet modal on a local chain',
  url: 'http://127.0.0.1:5173',
  icons: [],
}

/** The demo's networks: Anvil (31337, tETH) first, then any the stack adds. */
export function demoNetworks(config: DemoConfig): [EvmNetwork, ...EvmNetwork[]] {
  const [first, ...rest] = config.networks.map((n) =>
    defineNetwork({
      id: n.id,
      name: n.name,
      nativeCurrency: { name: 'Test Ether', symbol: 'tETH', decimals: 18 },
      rpcUrls: { default: { http: [n.rpcUrl] } },
      testnet: true,
      ...(n.ensUniversalResolver
        ? { contracts: { ensUniversalResolver: { address: n.ensUniversalResolver as `0x${string}` } } }
        : {}),
    }),
  )
  if (!first) throw new Error('the demo needs a network')
  return [first, ...rest]
}
