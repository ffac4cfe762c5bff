import { createServer, type IncomingMessage, type Server } from 'node:http'
import { type Address, createPublicClient, custom, getAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import type { ApiClient } from '../../../modal/api/client.js'
import { aggregatorProvider } from '../../../modal/swaps/aggregatorProvider.js'
import { swapChainConfig } from '../../../modal/swaps/swapConfig.js'
import { swapProviderFor } from '../../../modal/swaps/swapProviderFor.js'
import {
  nativeTokenAddress,
  SwapError,
  type SwapQuoteParams,
  type SwapToken,
} from '../../../modal/swaps/types.js'
import { freePort } from '../../support/ports.js'

const eth: SwapToken = {
  name: 'Ether',
  symbol: 'ETH',
  address: nativeTokenAddress,
  decimals: 18,
  logoUri: '',
}
const usdc: SwapToken = {
  name: 'USD Coin',
  symbol: 'USDC',
  address: getAddress('0x1111111111111111111111111111111111111111'),
  decimals: 6,
  logoUri: 'https://tokens.example/usdc.png',
}
/** The adapter checksums every address it reads, the native coin's too. */
const listed = [{ ...eth, address: getAddress(nativeTokenAddress) }, usdc]
const spender = getAddress('0x3333333333333333333333333333333333333333')
const user: Address = getAddress('0x4444444444444444444444444444444444444444')
const params: SwapQuoteParams = {
  chainId: 'eip155:8453',
  from: usdc,
  to: eth,
  amount: '250000000',
  userAddress: user,
  slippageBps: 100,
}

type Seen = { method: string; path: string; body: unknown }

/** A hosted aggregator speaking the adapter's HTTP interface; it records what it was asked. */
function fakeAggregator(seen: Seen[], broken: { status?: number; body?: unknown }) {
  const answers: Record<string, unknown> = {
    '/tokens': { tokens: [eth, usdc] },
    '/quote': {
      quoteId: 'q-7',
      toAmount: '99000000000000000',
      minToAmount: '98010000000000000',
      route: [usdc.address, nativeTokenAddress],
      priceImpactBps: 12,
      fees: [{ label: 'aggregator', amount: '750000', token: usdc.address }],
      gasEstimate: '180000',
      spender,
      expiresAt: 1_700_000_030_000,
    },
    '/allowance': { allowance: '1000' },
    '/build-approve': { tx: { to: usdc.address, data: '0x095ea7b3', value: '0' } },
    '/build-swap': { tx: { to: spender, data: '0x12aa3caf', value: '0' } },
  }
  const read = async (request: IncomingMessage) => {
    let text = ''
    for await (const chunk of request) text += chunk
    return text ? (JSON.parse(text) as unknown) : undefined
  }
  return createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://aggregator')
    const path = url.pathname.replace(/^\/v1/, '')
    seen.push({ method: request.method ?? '', path: `${path}${url.search}`, body: await read(request) })
    const status = broken.status ?? (path in answers ? 200 : 404)
    response.writeHead(status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(broken.body ?? answers[path] ?? { code: 'NOT_FOUND' }))
  })
}

describe('the hosted aggregator adapter', () => {
  const seen: Seen[] = []
  const broken: { status?: number; body?: unknown } = {}
  let server: Server
  let url: string
  const provider = () => aggregatorProvider({ id: 'aggregator', url, chains: ['eip155:8453'] })

  beforeAll(async () => {
    const port = await freePort()
    server = fakeAggregator(seen, broken)
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${port}/v1/`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const last = () => seen.at(-1)

  it('reads the token list of a chain', async () => {
    expect(await provider().getTokens('eip155:8453')).toEqual(listed)
    expect(last()).toMatchObject({ method: 'GET', path: '/tokens?chainId=eip155%3A8453' })
  })

  it('asks a quote with the amount in base units and reads it back with bigints and the fee token', async () => {
    const quote = await provider().getQuote(params)
    expect(last()).toEqual({
      method: 'POST',
      path: '/quote',
      body: {
        chainId: 'eip155:8453',
        from: usdc.address,
        to: nativeTokenAddress,
        amount: '250000000',
        userAddress: user,
        slippageBps: 100,
      },
    })
    expect(quote).toEqual({
      quoteId: 'q-7',
      params,
      toAmount: 99_000_000_000_000_000n,
      minToAmount: 98_010_000_000_000_000n,
      route: [usdc.address, getAddress(nativeTokenAddress)],
      priceImpactBps: 12,
      fees: [{ label: 'aggregator', amount: 750_000n, token: usdc }],
      gasEstimate: 180_000n,
      spender,
      expiresAt: 1_700_000_030_000,
    })
  })

  it('reads the allowance and builds the approve with the exact amount as text', async () => {
    const input = { chainId: 'eip155:8453' as const, token: usdc.address, owner: user, spender }
    expect(await provider().getAllowance(input)).toBe(1000n)
    expect(last()).toEqual({ method: 'POST', path: '/allowance', body: input })
    expect(await provider().buildApprove({ ...input, amount: 250_000_000n })).toEqual({
      to: usdc.address,
      data: '0x095ea7b3',
      value: 0n,
    })
    expect(last()?.body).toEqual({
      chainId: 'eip155:8453',
      token: usdc.address,
      owner: user,
      spender,
      amount: '250000000',
    })
  })

  it('builds the swap of a quote for the recipient with the slippage and the chain-time deadline', async () => {
    const quote = await provider().getQuote(params)
    const tx = await provider().buildSwap({
      quote,
      recipient: user,
      slippageBps: 100,
      deadline: 1_700_001_200n,
    })
    expect(tx).toEqual({ to: spender, data: '0x12aa3caf', value: 0n })
    expect(last()).toEqual({
      method: 'POST',
      path: '/build-swap',
      body: {
        quoteId: 'q-7',
        chainId: 'eip155:8453',
        recipient: user,
        slippageBps: 100,
        deadline: '1700001200',
      },
    })
  })

  /** Answers the next quote request with `body` and expects the quote refused as unavailable. */
  /** The quote the provider reads when the aggregator answers `body`, settled either way. */
  async function quoteOf(body: unknown) {
    broken.body = body
    try {
      return await provider()
        .getQuote(params)
        .then(
          (quote) => ({ quote }),
          (error: unknown) => ({ error }),
        )
    } finally {
      delete broken.body
    }
  }

  /** An aggregator's quote of USDC for ETH, its route, gas, spender and expiry as the fake's, with `fields`. */
  const quoteAnswer = (fields: {
    quoteId: string
    toAmount: string
    minToAmount: string
    fees?: unknown[]
  }) => ({
    route: [usdc.address, nativeTokenAddress],
    fees: [],
    gasEstimate: '180000',
    spender,
    expiresAt: 1_700_000_030_000,
    ...fields,
  })

  async function refusesAsUnavailable(body: unknown) {
    expect(await quoteOf(body)).toMatchObject({ error: { reason: 'unavailable' } })
  }

  it('refuses a quote with a fee in a token not swapped, which would show in the paid token’s decimals and symbol', async () => {
    await refusesAsUnavailable(
      quoteAnswer({
        quoteId: 'q-8',
        toAmount: '99000000000000000',
        minToAmount: '98010000000000000',
        fees: [
          {
            label: 'aggregator',
            amount: '1000000000000000000',
            token: '0x7777777777777777777777777777777777777777',
          },
        ],
      }),
    )
  })

  it.each([
    { minimum: '0', what: 'none at all' },
    { minimum: '98009999999999999', what: 'one unit under the 1 % slippage asked' },
    { minimum: '99000000000000001', what: 'more than the amount quoted' },
  ])('refuses a quote whose minimum received is $what, the floor a re-quote is held to before sending', async ({
    minimum,
  }) => {
    await refusesAsUnavailable(
      quoteAnswer({ quoteId: 'q-9', toAmount: '99000000000000000', minToAmount: minimum }),
    )
  })

  it.each([
    '989',
    '990',
  ])('takes a minimum of 1 % off 999 rounded either way (%s): the floor is what the slippage allows, rounded down', async (minimum) => {
    expect(
      await quoteOf(quoteAnswer({ quoteId: 'q-10', toAmount: '999', minToAmount: minimum })),
    ).toMatchObject({ quote: { minToAmount: BigInt(minimum) } })
  })

  it.each([
    { status: 500, body: { code: 'SERVER_ERROR' } },
    { status: 200, body: { tx: { to: 'not an address', data: '0x', value: '0' } } },
    { status: 200, body: { quoteId: 'q', toAmount: '-1' } },
  ])('refuses an answer it cannot trust as unavailable (%j)', async (answer) => {
    Object.assign(broken, answer)
    try {
      const failure = await provider()
        .getQuote(params)
        .then(
          () => undefined,
          (error: unknown) => error,
        )
      expect(failure).toBeInstanceOf(SwapError)
      expect((failure as SwapError).reason).toBe('unavailable')
    } finally {
      delete broken.status
      delete broken.body
    }
  })

  describe('the provider the api names', () => {
    const client = createPublicClient({
      transport: custom({
        request: () => Promise.reject(new Error('no chain read is expected')),
      }),
    })

    const answered = (body: unknown): ApiClient => ({
      get: async (_path, _query, schema) => z.parse(schema, body),
      post: () => Promise.reject(new Error('the swap config is read, never posted')),
    })

    it('is read from the api answer, an aggregator URL only over http(s)', async () => {
      const aggregator = { provider: 'aggregator', url: 'https://swap.example.com/v1' }
      expect(await swapChainConfig(answered(aggregator), 'eip155:1')).toEqual(aggregator)
      for (const refused of [
        { provider: 'aggregator', url: 'javascript:alert(1)' },
        { provider: 'aggregator' },
        { provider: 'other', url: 'https://swap.example.com' },
        { tokens: [], router: spender, weth: user },
      ])
        await expect(swapChainConfig(answered(refused), 'eip155:1')).rejects.toThrow()
    })

    it('leaves out a token whose name or symbol would not read as written, from the api and the aggregator', async () => {
      // A right-to-left override in a symbol reverses what follows it: "Swapped 1 USDC‮ for 990 DAI" reads "…IAD 099 rof".
      const hidden = [
        { ...usdc, address: getAddress('0x5555555555555555555555555555555555555555'), symbol: 'USDC\u202e' },
        { ...usdc, address: getAddress('0x6666666666666666666666666666666666666666'), name: 'USD\u200bCoin' },
      ]
      const config = await swapChainConfig(
        answered({ provider: 'uniswap-v2', tokens: [usdc, ...hidden], router: spender, weth: user }),
        'eip155:1',
      )
      expect(config).toMatchObject({ tokens: [usdc] })
      broken.body = { tokens: [eth, usdc, ...hidden] }
      try {
        expect(await provider().getTokens('eip155:8453')).toEqual(listed)
      } finally {
        delete broken.body
      }
    })

    it("is the chain's Uniswap V2 with the api's tokens when it answers uniswap-v2", async () => {
      const chosen = await swapProviderFor(
        { provider: 'uniswap-v2', tokens: [eth, usdc], router: spender, weth: user },
        { chainId: 'eip155:31337', client },
      )
      expect(chosen.provider.id).toBe('uniswap-v2')
      expect(chosen.provider.supportedChains()).toEqual(['eip155:31337'])
      expect(chosen.tokens).toEqual([eth, usdc])
    })

    it("is the operator's aggregator at its URL, with the aggregator's tokens, when it answers aggregator", async () => {
      const before = seen.length
      const chosen = await swapProviderFor(
        { provider: 'aggregator', url },
        { chainId: 'eip155:8453', client },
      )
      expect(chosen.provider.id).toBe('aggregator')
      expect(chosen.tokens).toEqual(listed)
      expect(seen.slice(before)).toEqual([
        { method: 'GET', path: '/tokens?chainId=eip155%3A8453', body: undefined },
      ])
      await chosen.provider.getQuote({ ...params, chainId: 'eip155:8453' })
      expect(last()?.path).toBe('/quote')
    })
  })
})
