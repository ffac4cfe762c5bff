import { Analytics } from '@pairwise/modal/react'
import type { QueryClient } from '@tanstack/react-query'
import type { Config } from 'wagmi'
import { Actions } from './Actions.js'
import { DemoProviders } from './providers.js'

/**
 * The demo's React tree: the analytics component, mounted once (it posts a page view per route the
 * visitor opens, as the demo turns analytics on), and the actions inside the page's providers.
 */
export function DemoPage({ wagmiConfig, queryClient }: { wagmiConfig: Config; queryClient: QueryClient }) {
  return (
    <>
      <Analytics />
      <DemoProviders wagmiConfig={wagmiConfig} queryClient={queryClient}>
        <Actions />
      </DemoProviders>
    </>
  )
}
