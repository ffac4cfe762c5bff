import { QueryClient } from '@tanstack/react-query'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { readDemoConfig } from '../../examples/demo/src/config.js'
import { DemoPage } from '../../examples/demo/src/DemoPage.js'
import { demoKitOptions } from '../../examples/demo/src/setup.js'
import { analyticsTarget } from '../../modal/analytics/enabled.js'

// The demo imports the package by name, as vite aliases it; the analytics component is swapped for a
// visible marker so the rendered page shows how many times it is mounted.
vi.mock('@pairwise/modal/react', async () => ({
  ...(await import('../../modal/react/index.js')),
  Analytics: () => createElement('i', { 'data-analytics': '' }),
}))
vi.mock('@pairwise/modal/wagmi', () => import('../../modal/wagmi/index.js'))

const apiUrl = 'http://127.0.0.1:8788'
const configWith = (json: object) =>
  readDemoConfig({ getElementById: () => ({ textContent: JSON.stringify(json) }) } as unknown as Document)

describe('the demo’s analytics', () => {
  it('DEMO-06 the demo turns analytics on (with the stack’s api) and mounts the analytics component once', () => {
    const { options, wagmiAdapter } = demoKitOptions(configWith({ apiUrl }))
    expect(options.features?.analytics).toBe(true)
    expect(options.apiUrl).toBe(apiUrl)
    expect(analyticsTarget(options)).toEqual({ apiUrl, projectId: 'pairwise-demo' })
    const html = renderToString(
      createElement(DemoPage, { wagmiConfig: wagmiAdapter.wagmiConfig, queryClient: new QueryClient() }),
    )
    expect(html.match(/data-analytics/g)).toHaveLength(1)
  })

  it('a static copy of the demo, with no api configured, sends no analytics', () => {
    const { options } = demoKitOptions(configWith({}))
    expect(options.apiUrl).toBeUndefined()
    expect(analyticsTarget(options)).toBeUndefined()
  })
})
