import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { defineChain } from 'viem'
import { createConfig, http, injected, useConnect, useConnection, WagmiProvider } from 'wagmi'
import { anvilNetwork } from '../../demoPage.ts'

const anvil = defineChain(anvilNetwork(import.meta.env.VITE_CHAIN_RPC_URL))
const config = createConfig({
  chains: [anvil],
  connectors: [injected()],
  multiInjectedProviderDiscovery: false,
  transports: { [anvil.id]: http() },
})

function Page() {
  const { address } = useConnection()
  const connect = useConnect()
  if (address) return <span data-testid="demo-address">{address}</span>
  return (
    <button type="button" onClick={() => connect.mutate({ connector: config.connectors[0]! })}>
      Connect Wallet
    </button>
  )
}

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={new QueryClient()}>
      <Page />
    </QueryClientProvider>
  </WagmiProvider>
)
