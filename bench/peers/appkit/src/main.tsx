import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'
import { defineChain } from '@reown/appkit/networks'
import { createAppKit } from '@reown/appkit/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { useAccount, WagmiProvider } from 'wagmi'
import { anvilNetwork, demoChainId, demoMetadata, demoProjectId } from '../../demoPage.ts'

const anvil = defineChain({
  ...anvilNetwork(import.meta.env.VITE_CHAIN_RPC_URL),
  caipNetworkId: `eip155:${demoChainId}`,
  chainNamespace: 'eip155',
})
const wagmiAdapter = new WagmiAdapter({ networks: [anvil], projectId: demoProjectId })

createAppKit({
  adapters: [wagmiAdapter],
  networks: [anvil],
  defaultNetwork: anvil,
  projectId: demoProjectId,
  metadata: demoMetadata,
  themeMode: 'dark',
  // Everything AppKit lets an integrator switch off that would call a remote service.
  features: { analytics: false, email: false, socials: false, onramp: false, swaps: false, history: false },
})

function Page() {
  const { address } = useAccount()
  return (
    <main>
      <appkit-button />
      {address && <span data-testid="demo-address">{address}</span>}
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={wagmiAdapter.wagmiConfig}>
    <QueryClientProvider client={new QueryClient()}>
      <Page />
    </QueryClientProvider>
  </WagmiProvider>
)
