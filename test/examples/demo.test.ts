import { QueryClient, useQuery } from '@tanstack/react-query'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { useAccount } from 'wagmi'
import { type DemoConfig, readDemoConfig } from '../../examples/demo/src/config.js'
import { DemoProviders } from '../../examples/demo/src/providers.js'
import { demoKitOptions } from '../../examples/demo/src/setup.js'
import { WagmiAdapter } from '../../modal/wagmi/index.js'

// The demo imports the package by name; vite aliases those names to the sources, and so does this test.
vi.mock('@pairwise/modal', () => import('../../modal/index.js'))
vi.mock('@pairwise/modal/wagmi', () => import('../../modal/wagmi/index.js'))

/** The config a plain static copy of the page reads: its script tag holds `{}`. */
function defaultConfig(): DemoConfig {
  const page = { getElementById: () => ({ textContent: '{}' }) } as unknown as Document
  return readDemoConfig(page)
}

describe('the demo page configuration', () => {
  it('DEMO-01 the demo configures exactly one wallet adapter', () => {
    const { options, wagmiAdapter } = demoKitOptions(defaultConfig())
    expect(options.adapters).toHaveLength(1)
    expect(options.adapters?.[0]).toBe(wagmiAdapter)
    expect(wagmiAdapter).toBeInstanceOf(WagmiAdapter)
  })

  it('DEMO-02 the only network is Anvil: eip155:31337, native currency tETH with 18 decimals', () => {
    const { options } = demoKitOptions(defaultConfig())
    expect(options.networks).toHaveLength(1)
    const [anvil] = options.networks
    expect(anvil).toMatchObject({
      id: 31337,
      chainNamespace: 'eip155',
      caipNetworkId: 'eip155:31337',
      name: 'Anvil',
      nativeCurrency: { symbol: 'tETH', decimals: 18 },
    })
  })

  it('DEMO-04 the demo passes a demo project id and app metadata (name, description, url, icons)', () => {
    const { options } = demoKitOptions(defaultConfig())
    expect(options.projectId).toBe('pairwise-demo')
    expect(options.metadata).toEqual({
      name: 'Pairwise demo',
      description: expect.stringMatching(/\S/),
      url: expect.stringMatching(/^https?:\/\//),
      icons: expect.any(Array),
    })
  })

  it('DEMO-07 DEMO-08 the demo turns email, socials, onramp and swaps off (the browser tests check the views)', () => {
    const { options } = demoKitOptions(defaultConfig())
    expect(options.features).toMatchObject({ email: false, socials: false, onramp: false, swaps: false })
  })

  it('DEMO-09 the demo providers let one component use both the account state and a query', () => {
    const { wagmiAdapter } = demoKitOptions(defaultConfig())
    function Probe() {
      const { status } = useAccount()
      const query = useQuery({ queryKey: ['demo-probe'], queryFn: () => 'answer', initialData: 'answer' })
      return createElement('p', null, `${status}:${query.data}`)
    }
    const html = renderToString(
      createElement(
        DemoProviders,
        { wagmiConfig: wagmiAdapter.wagmiConfig, queryClient: new QueryClient() },
        createElement(Probe),
      ),
    )
    // wagmi reconnects on mount, so the first render of a fresh page reads 'connecting'.
    expect(html).toMatch(/<p>(connecting|disconnected):answer<\/p>/)
  })
})
