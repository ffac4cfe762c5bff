import { describe, expect, it } from 'vitest'
import { nativeTokenAddress, type SwapChainConfig, swapRoutes } from '../../../../services/api/swap/index.js'
import { appWith, routeDeps } from '../support/routeHarness.js'

const local: SwapChainConfig = {
  chainId: 'eip155:31337',
  router: '0x1111111111111111111111111111111111111111',
  weth: '0x2222222222222222222222222222222222222222',
  tokens: [
    { name: 'Test Ether', symbol: 'tETH', address: nativeTokenAddress, decimals: 18, logoUri: '' },
    {
      name: 'Test USD Coin',
      symbol: 'tUSDC',
      address: '0x3333333333333333333333333333333333333333',
      decimals: 6,
      logoUri: '',
    },
  ],
}

async function app(aggregator?: { url: string }) {
  return appWith(
    swapRoutes({
      ...(await routeDeps({ now: 1_700_000_000_000 })),
      chains: [local],
      ...(aggregator ? { aggregator } : {}),
    }),
  )
}

describe('GET /v1/swap/tokens', () => {
  it("answers the chain's tokens in AppKit's shape, with its router and wrapped native coin", async () => {
    const answer = await (await app()).request('/v1/swap/tokens?chainId=eip155:31337&projectId=p1')
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({
      provider: 'uniswap-v2',
      tokens: local.tokens,
      router: local.router,
      weth: local.weth,
    })
  })

  it("names the operator's aggregator as the provider when one is configured, on every chain", async () => {
    const api = await app({ url: 'https://swap.example.com/v1' })
    for (const chainId of ['eip155:31337', 'eip155:1']) {
      const answer = await api.request(`/v1/swap/tokens?chainId=${chainId}&projectId=p1`)
      expect(answer.status).toBe(200)
      expect(await answer.json()).toEqual({ provider: 'aggregator', url: 'https://swap.example.com/v1' })
    }
  })

  it('refuses to start with an aggregator URL that is not http(s)', async () => {
    await expect(app({ url: 'javascript:alert(1)' })).rejects.toThrow()
    await expect(app({ url: 'not a url' })).rejects.toThrow()
  })

  it('answers 404 for a chain without a DEX', async () => {
    const answer = await (await app()).request('/v1/swap/tokens?chainId=eip155:1&projectId=p1')
    expect(answer.status).toBe(404)
    expect(await answer.json()).toEqual({
      code: 'UNSUPPORTED_NETWORK',
      message: 'Swaps are not available on eip155:1',
    })
  })

  it.each([
    '',
    '&chainId=31337',
    '&chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    '&chainId=eip155:0x7a69',
    `&chainId=eip155:${'9'.repeat(30)}`,
  ])('answers 400 with { code, message } to a malformed chainId (%s)', async (query) => {
    const answer = await (await app()).request(`/v1/swap/tokens?projectId=p1${query}`)
    expect(answer.status).toBe(400)
    const body = (await answer.json()) as { code: string; message: string }
    expect(body.code).toBe('INVALID_REQUEST')
    expect(body.message).toMatch(/^chainId: /)
  })

  it('refuses a request without a valid project', async () => {
    const answer = await (await app()).request('/v1/swap/tokens?chainId=eip155:31337')
    expect(answer.status).toBe(401)
  })
})
