import '@rainbow-me/rainbowkit/styles.css'
import { ConnectButton, darkTheme, getDefaultConfig, RainbowKitProvider } from '@rainbow-me/rainbowkit'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { defineChain } from 'viem'
import { useAccount, WagmiProvider } from 'wagmi'
import { anvilNetwork, demoMetadata, demoProjectId } from '../../demoPage.ts'

const config = getDefaultConfig({
  appName: demoMetadata.name,
  appDescription: demoMetadata.description,
  appUrl: demoMetadata.url,
  projectId: demoProjectId,
  // WalletConnect's telemetry switch, which RainbowKit passes through; its other remote calls have none.
  walletConnectParameters: { telemetryEnabled: false },
  chains: [defineChain(anvilNetwork(import.meta.env.VITE_CHAIN_RPC_URL))],
  ssr: false,
})

function Page() {
  const { address } = useAccount()
  return (
    <main>
      <ConnectButton />
      {address && <span data-testid="demo-address">{address}</span>}
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={new QueryClient()}>
      <RainbowKitProvider theme={darkTheme()}>
        <Page />
      </RainbowKitProvider>
    </QueryClientProvider>
  </WagmiProvider>
)
