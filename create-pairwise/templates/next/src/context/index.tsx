'use client'

import { createAppKit } from '@pairwise/modal/react'
import { createQueryClient } from '@pairwise/modal/wagmi'
import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { cookieToInitialState, WagmiProvider } from 'wagmi'
import { wagmiAdapter } from '../config'
import { emailOptions } from '../pairwise/email'
import { networks, otherAdapters } from '../pairwise/networks'
import { apiUrl, appName, projectId, relayUrl } from '../pairwise/stack'

const queryClient = createQueryClient()

// Once per page load; on the server createAppKit gives the headless core and mounts nothing.
createAppKit({
  adapters: [wagmiAdapter, ...otherAdapters()],
  networks,
  projectId,
  relayUrl,
  apiUrl,
  metadata: {
    name: appName,
    description: 'An app made with create-pairwise',
    url: typeof window === 'undefined' ? '' : window.location.origin,
    icons: [],
  },
  ...emailOptions,
})

export function ContextProvider({ children, cookies }: { children: ReactNode; cookies: string | null }) {
  const initialState = cookieToInitialState(wagmiAdapter.wagmiConfig, cookies)
  return (
    <WagmiProvider config={wagmiAdapter.wagmiConfig} initialState={initialState}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </WagmiProvider>
  )
}
