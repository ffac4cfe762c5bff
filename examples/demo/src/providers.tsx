import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { type Config, WagmiProvider } from 'wagmi'

/** The page's providers: wagmi's (account and chain state) around react-query's (the reads wagmi caches). */
export function DemoProviders({
  wagmiConfig,
  queryClient,
  children,
}: {
  wagmiConfig: Config
  queryClient: QueryClient
  children?: ReactNode
}) {
  return (
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </WagmiProvider>
  )
}
