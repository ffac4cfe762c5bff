import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createAppKit } from 'pairwise/modal'
import { WagmiAdapter } from 'pairwise/wagmi'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'
import { Actions } from './Actions.js'
import { readDemoConfig } from './config.js'
import { demoFeatures, demoMetadata, demoNetworks } from './setup.js'
import { demoThemeMode } from './theme.js'
import { loadWalletActions } from './walletActionsChunk.js'

const config = readDemoConfig(document)
const networks = demoNetworks(config)
const wagmiAdapter = new WagmiAdapter({ networks, projectId: config.projectId })

const kit = createAppKit({
  adapters: [wagmiAdapter],
  networks,
  projectId: config.projectId,
  metadata: demoMetadata,
  themeMode: demoThemeMode,
  features: demoFeatures,
  ...(config.relayUrl ? { relayUrl: config.relayUrl } : {}),
  ...(config.walletRegistryUrl ? { walletRegistryUrl: config.walletRegistryUrl } : {}),
})

// A visitor who opens the modal is about to connect: fetch the connected-state code now, so it is not
// parsed in the frame that should show the new connection.
const stopWatching = kit.subscribeState((state) => {
  if (!state.open) return
  stopWatching()
  void loadWalletActions()
})

const queryClient = new QueryClient()

const root = document.getElementById('actions')
if (root)
  createRoot(root).render(
    <WagmiProvider config={wagmiAdapter.wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <Actions />
      </QueryClientProvider>
    </WagmiProvider>,
  )
