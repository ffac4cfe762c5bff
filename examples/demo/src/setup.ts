import { type CaipNetwork, type CreateAppKitOptions, defineNetwork } from 'pairwise/modal'
import { WagmiAdapter } from 'pairwise/wagmi'
import type { DemoConfig } from './config.js'
import { demoThemeMode } from './theme.js'

export const demoMetadata = {
  name: 'Pairwise demo',
  description: 'A host page showing the Pairwise wallet modal on a local chain',
  url: 'http://127.0.0.1:5173',
  icons: [],
}

/** The demo's networks: Anvil (31337, tETH) first, then any the stack adds. */
export function demoNetworks(config: DemoConfig): [CaipNetwork, ...CaipNetwork[]] {
  const [first, ...rest] = config.networks.map((n) =>
    defineNetwork({
      id: n.id,
      name: n.name,
      nativeCurrency: { name: 'Test Ether', symbol: 'tETH', decimals: 18 },
      rpcUrls: { default: { http: [n.rpcUrl] } },
      testnet: true,
    }),
  )
  if (!first) throw new Error('the demo needs a network')
  return [first, ...rest]
}

export const demoFeatures = {
  analytics: true,
  email: false,
  socials: false as const,
  onramp: false,
  swaps: false,
}

/**
 * Everything the demo hands `createAppKit`: one wallet adapter (wagmi's, for EVM), the local networks, the
 * demo project id and metadata, dark theme, and the features a local chain cannot serve turned off.
 */
export function demoKitOptions(config: DemoConfig): {
  wagmiAdapter: WagmiAdapter
  options: CreateAppKitOptions
} {
  const networks = demoNetworks(config)
  const wagmiAdapter = new WagmiAdapter({ networks, projectId: config.projectId })
  return {
    wagmiAdapter,
    options: {
      adapters: [wagmiAdapter],
      networks,
      projectId: config.projectId,
      // A wallet checks the origin the page claims against the one its verify service saw: claim our own.
      metadata: { ...demoMetadata, url: globalThis.location?.origin ?? demoMetadata.url },
      themeMode: demoThemeMode,
      features: demoFeatures,
      ...(config.relayUrl ? { relayUrl: config.relayUrl } : {}),
      ...(config.walletRegistryUrl ? { walletRegistryUrl: config.walletRegistryUrl } : {}),
      ...(config.apiUrl ? { apiUrl: config.apiUrl } : {}),
      ...(config.verifyUrl ? { verifyUrl: config.verifyUrl } : {}),
    },
  }
}
