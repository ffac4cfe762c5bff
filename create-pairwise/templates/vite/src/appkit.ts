import { createAppKit } from '@pairwise/modal/react'
import { createQueryClient, WagmiAdapter } from '@pairwise/modal/wagmi'
import { emailOptions } from './pairwise/email'
import { evmNetworks, networks, otherAdapters } from './pairwise/networks'
import { apiUrl, appName, projectId, relayUrl } from './pairwise/stack'

export const wagmiAdapter = new WagmiAdapter({ networks: evmNetworks, projectId })

export const queryClient = createQueryClient()

createAppKit({
  adapters: [wagmiAdapter, ...otherAdapters()],
  networks,
  projectId,
  relayUrl,
  apiUrl,
  metadata: {
    name: appName,
    description: 'An app made with create-pairwise',
    url: window.location.origin,
    icons: [],
  },
  ...emailOptions,
})
