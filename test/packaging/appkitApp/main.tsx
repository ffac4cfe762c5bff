// An app written for Reown AppKit 1.7.13 and its wagmi adapter, with only its two imports changed:
// '@reown/appkit/react' → '@pairwise/modal/react' and '@reown/appkit-adapter-wagmi' → '@pairwise/modal/wagmi';
// the message it signs is a sign-in message from '@pairwise/modal/siwx'.
// The packaging test builds it with Vite against each supported React and wagmi; the page reads its two
// local chains' RPC URLs from the query string (?a=…&b=…).

import {
  createAppKit,
  useAppKit,
  useAppKitAccount,
  useAppKitNetwork,
  useAppKitState,
  useDisconnect,
} from '@pairwise/modal/react'
import { formatSiwxMessage } from '@pairwise/modal/siwx'
import { WagmiAdapter } from '@pairwise/modal/wagmi'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { useAccount, useSignMessage, WagmiProvider } from 'wagmi'

const query = new URLSearchParams(window.location.search)

const localNetwork = (id: number, name: string, rpcUrl: string) =>
  ({
    id,
    name,
    caipNetworkId: `eip155:${id}`,
    chainNamespace: 'eip155',
    nativeCurrency: { name: 'Test Ether', symbol: 'tETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  }) as const

const first = localNetwork(Number(query.get('aId')), 'Chain A', query.get('a') ?? '')
const second = localNetwork(Number(query.get('bId')), 'Chain B', query.get('b') ?? '')
const networks: [typeof first, typeof second] = [first, second]
const projectId = 'appkit-style-app'
/** When the page loaded: the sign-in message's issue time. */
const issuedAt = new Date().toISOString()

const wagmiAdapter = new WagmiAdapter({ networks, projectId })

createAppKit({
  adapters: [wagmiAdapter],
  networks,
  defaultNetwork: first,
  projectId,
  metadata: {
    name: 'AppKit-style app',
    description: 'Packaging test',
    url: window.location.origin,
    icons: [],
  },
  features: { analytics: false, email: false, socials: false, onramp: false, swaps: false },
})

const queryClient = new QueryClient()

function App() {
  const { open } = useAppKit()
  const { address, isConnected, status } = useAppKitAccount()
  const { chainId, switchNetwork } = useAppKitNetwork()
  const { open: modalOpen } = useAppKitState()
  const { disconnect } = useDisconnect()
  const wagmiAccount = useAccount()
  const { signMessageAsync } = useSignMessage()
  const [signature, setSignature] = useState('')
  const message =
    address && chainId
      ? formatSiwxMessage({
          accountAddress: address,
          chainId: `eip155:${chainId}`,
          domain: window.location.host,
          uri: window.location.origin,
          version: '1',
          nonce: 'packagingtest1',
          issuedAt,
        })
      : ''
  return (
    <main>
      <appkit-button />
      <appkit-network-button />
      <p data-testid="appkit-status">{status}</p>
      <p data-testid="appkit-address">{address ?? ''}</p>
      <p data-testid="appkit-chain">{String(chainId ?? '')}</p>
      <p data-testid="modal-open">{String(modalOpen)}</p>
      <p data-testid="wagmi-address">{wagmiAccount.address ?? ''}</p>
      <p data-testid="wagmi-chain">{String(wagmiAccount.chainId ?? '')}</p>
      <button type="button" onClick={() => open({ view: 'Networks' })}>
        Open networks
      </button>
      {isConnected && (
        <>
          <button type="button" onClick={() => switchNetwork(first)}>
            Switch to Chain A
          </button>
          <button type="button" onClick={() => signMessageAsync({ message }).then(setSignature)}>
            Sign message
          </button>
          <pre data-testid="message">{message}</pre>
          <p data-testid="signature">{signature}</p>
          <button type="button" onClick={() => disconnect()}>
            Disconnect
          </button>
        </>
      )}
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={wagmiAdapter.wagmiConfig}>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </WagmiProvider>,
)
