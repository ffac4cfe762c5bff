import type { CreateAppKitOptions } from '@pairwise/modal'
import { WagmiAdapter } from '@pairwise/modal/wagmi'
import type { DemoConfig } from './config.js'
import { demoMetadata, demoNetworks } from './networks.js'
import { demoThemeMode } from './theme.js'

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
