import {
  type Address,
  createPublicClient,
  custom,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  maxUint256,
  numberToHex,
} from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { contractDecimals, TokenDecimalsError } from '../../../modal/send/decimals.js'
import {
  acceptedFor,
  executeSwap,
  requoteMs,
  type SwapWallet,
  swapDeadlineSeconds,
  watchQuote,
} from '../../../modal/swaps/swapFlow.js'
import {
  SwapError,
  type SwapProvider,
  type SwapQuote,
  type SwapQuoteParams,
  type SwapToken,
  type TxRequest,
} from '../../../modal/swaps/types.js'
import { routerAbi } from '../../../modal/swaps/uniswapV2Abi.js'
import { uniswapV2Provider } from '../../../modal/swaps/uniswapV2Provider.js'
import { dai, eth, usdc } from './support/tokens.js'

const router: Address = '0x3333333333333333333333333333333333333333'
const account: Address = '0x4444444444444444444444444444444444444444'
const now = 1_700_000_000_000

const params = (from: SwapToken, to: SwapToken): SwapQuoteParams => ({
  chainId: 'eip155:31337',
  from,
  to,
  amount: '1000',
  userAddress: account,
  slippageBps: 100,
})

function quoteOf(p: SwapQuoteParams, toAmount: bigint, expiresAt = now + 30_000): SwapQuote {
  return {
    quoteId: `q-${toAmount}`,
    params: p,
    toAmount,
    minToAmount: (toAmount * 99n) / 100n,
    route: [p.from.address, p.to.address],
    fees: [],
    gasEstimate: 135_000n,
    spender: router,
    expiresAt,
  }
}

const approveData = (spender: Address, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] })

/**
 * The decimals each token contract reports through an RPC client, as the kit's wallet reads them (the test
 * tokens' own by default); a read of any other contract fails.
 */
function chainDecimals(reported: Record<Address, number> = {}) {
  const decimals: Record<Address, number> = { [usdc.address]: 6, [dai.address]: 6, ...reported }
  const request = async ({ method, params }: { method: string; params?: unknown }) => {
    const to = (params as [{ to?: Address }] | undefined)?.[0]?.to
    const reports = to === undefined ? undefined : decimals[to]
    if (method !== 'eth_call' || reports === undefined) throw new Error(`unexpected ${method} to ${to}`)
    return numberToHex(reports, { size: 32 })
  }
  return contractDecimals(createPublicClient({ transport: custom({ request }) }))
}

function fakes(
  options: {
    allowance?: bigint
    quotes?: bigint[]
    reverts?: string
    decimals?: Record<Address, number>
  } = {},
) {
  const log: string[] = []
  const quotes = [...(options.quotes ?? [990n])]
  const provider: SwapProvider = {
    id: 'fake',
    supportedChains: () => ['eip155:31337'],
    getTokens: async () => [eth, usdc, dai],
    getQuote: async (p) => {
      log.push('quote')
      return quoteOf(p, quotes.length > 1 ? (quotes.shift() as bigint) : (quotes[0] as bigint))
    },
    getAllowance: async () => {
      log.push('allowance')
      return options.allowance ?? 0n
    },
    buildApprove: async ({ token, spender, amount }) => {
      log.push(`buildApprove ${amount}`)
      return { to: token, data: approveData(spender, amount), value: 0n }
    },
    buildSwap: async ({ deadline, quote }) => {
      log.push(`buildSwap deadline=${deadline} out=${quote.toAmount}`)
      const value = quote.params.from === eth ? BigInt(quote.params.amount) : 0n
      return { to: router, data: '0x38ed1739', value }
    },
  }
  const wallet: SwapWallet = {
    account,
    chainId: 'eip155:31337',
    decimalsOf: chainDecimals(options.decimals),
    latestBlockTime: async () => 5_000n,
    simulate: async (tx: TxRequest) => {
      log.push(`simulate ${tx.data.slice(0, 10)}`)
      if (options.reverts && tx.to === router) throw new SwapError('reverted', options.reverts)
    },
    send: async (tx: TxRequest) => {
      log.push(`send ${tx.data.slice(0, 10)}`)
      return `0x${tx.data.startsWith('0x095ea7b3') ? 'aa' : 'bb'}` as Hex
    },
    waitForReceipt: async (hash: Hex) => {
      log.push(`receipt ${hash}`)
      return {}
    },
  }
  return { provider, wallet, log }
}

describe('executeSwap', () => {
  it('refuses a quote past its expiresAt before anything reaches the wallet', async () => {
    const { provider, wallet, log } = fakes()
    const accepted = quoteOf(params(eth, usdc), 990n, now - 1)
    await expect(
      executeSwap({ provider, wallet, accepted, unlimited: false, now: () => now }),
    ).rejects.toMatchObject({ reason: 'expired' })
    expect(log).toEqual([])
  })

  it('refuses a quote accepted before the visitor switched account or network in the wallet, before anything reaches it', async () => {
    const { provider, wallet, log } = fakes()
    const accepted = quoteOf(params(eth, usdc), 990n)
    const other: Address = '0x5555555555555555555555555555555555555555'
    for (const switched of [
      { ...wallet, account: other },
      { ...wallet, chainId: 'eip155:137' as const },
    ])
      await expect(
        executeSwap({ provider, wallet: switched, accepted, unlimited: false, now: () => now }),
      ).rejects.toMatchObject({ reason: 'expired', detail: 'the quote was for another account or network' })
    expect(log).toEqual([])
  })

  it('native tETH: no allowance, re-quoted, simulated, then sent with deadline = latest block + 20 min', async () => {
    const { provider, wallet, log } = fakes()
    const result = await executeSwap({
      provider,
      wallet,
      accepted: quoteOf(params(eth, usdc), 990n),
      unlimited: false,
      now: () => now,
    })
    expect(swapDeadlineSeconds).toBe(1200n)
    expect(log).toEqual([
      'quote',
      'buildSwap deadline=6200 out=990',
      'simulate 0x38ed1739',
      'send 0x38ed1739',
      'receipt 0xbb',
    ])
    expect(result.hash).toBe('0xbb')
    expect(result.approvalHash).toBeUndefined()
  })

  it('approval flow: an exact-amount approve is sent and its receipt awaited, then the swap re-quoted and sent', async () => {
    const { provider, wallet, log } = fakes({ allowance: 999n })
    const steps: string[] = []
    const result = await executeSwap({
      provider,
      wallet,
      accepted: quoteOf(params(usdc, dai), 990n),
      unlimited: false,
      now: () => now,
      onStep: (step) => steps.push(step.step),
    })
    expect(log).toEqual([
      'allowance',
      'buildApprove 1000',
      'simulate 0x095ea7b3',
      'send 0x095ea7b3',
      'receipt 0xaa',
      'quote',
      'buildSwap deadline=6200 out=990',
      'simulate 0x38ed1739',
      'send 0x38ed1739',
      'receipt 0xbb',
    ])
    expect(steps).toEqual(['approving', 'approvalPending', 'swapping', 'swapPending'])
    expect(result.approvalHash).toBe('0xaa')
  })

  it('approves without limit only when the visitor chose it, and not at all when the allowance suffices', async () => {
    const unlimited = fakes()
    await executeSwap({
      ...unlimited,
      accepted: quoteOf(params(usdc, dai), 990n),
      unlimited: true,
      now: () => now,
    })
    expect(unlimited.log[1]).toBe(`buildApprove ${2n ** 256n - 1n}`)
    const enough = fakes({ allowance: 1000n })
    await executeSwap({
      ...enough,
      accepted: quoteOf(params(usdc, dai), 990n),
      unlimited: false,
      now: () => now,
    })
    expect(enough.log.some((line) => line.startsWith('buildApprove'))).toBe(false)
  })

  it('refuses a price moved past the accepted slippage before the wallet is asked', async () => {
    const { provider, wallet, log } = fakes({ quotes: [979n] })
    const error = await executeSwap({
      provider,
      wallet,
      accepted: quoteOf(params(eth, usdc), 990n),
      unlimited: false,
      now: () => now,
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SwapError)
    expect((error as SwapError).reason).toBe('priceMoved')
    expect(log.some((line) => line.startsWith('send'))).toBe(false)
  })

  it.each([
    { case: 'fewer decimals paid', from: usdc, to: dai, reported: { [usdc.address]: 18 } },
    { case: 'more decimals paid', from: { ...usdc, decimals: 18 }, to: dai, reported: {} },
    { case: 'fewer decimals received', from: eth, to: dai, reported: { [dai.address]: 18 } },
    { case: 'more decimals received', from: eth, to: { ...dai, decimals: 18 }, reported: {} },
  ])('refuses a token listed with $case than its contract reports before anything reaches the wallet', async ({
    from,
    to,
    reported,
  }) => {
    const { provider, wallet, log } = fakes({ decimals: reported })
    const refused = executeSwap({
      provider,
      wallet,
      accepted: quoteOf(params(from, to), 990n),
      unlimited: false,
      now: () => now,
    })
    await expect(refused).rejects.toBeInstanceOf(TokenDecimalsError)
    await expect(refused).rejects.toMatchObject({ symbol: from === eth ? 'tDAI' : 'tUSDC' })
    expect(log).toEqual([])
  })

  it('a swap of tokens listed with the decimals their contracts report goes through to the wallet', async () => {
    const { provider, wallet, log } = fakes({ allowance: 1000n })
    await executeSwap({
      provider,
      wallet,
      accepted: quoteOf(params(usdc, dai), 990n),
      unlimited: false,
      now: () => now,
    })
    expect(log).toContain('send 0x38ed1739')
  })

  it('a swap whose simulation reverts is refused with the reason, never sent', async () => {
    const { provider, wallet, log } = fakes({ reverts: 'UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT' })
    await expect(
      executeSwap({
        provider,
        wallet,
        accepted: quoteOf(params(eth, usdc), 990n),
        unlimited: false,
        now: () => now,
      }),
    ).rejects.toMatchObject({ reason: 'reverted', detail: 'UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT' })
    expect(log.some((line) => line.startsWith('send'))).toBe(false)
  })
})

describe('executeSwap against what the preview showed', () => {
  const attacker: Address = '0x5555555555555555555555555555555555555555'

  it('signs the minimum the preview showed, not the lower one of a re-quote within the slippage', async () => {
    const { provider: fake, wallet } = fakes({ quotes: [991n] })
    const provider: SwapProvider = {
      ...uniswapV2Provider({
        chainId: 'eip155:31337',
        client: createPublicClient({
          transport: custom({ request: () => Promise.reject(new Error('no read')) }),
        }),
        router,
        weth: dai.address,
        tokens: [eth, usdc, dai],
      }),
      getQuote: fake.getQuote,
      getAllowance: fake.getAllowance,
    }
    const sent: TxRequest[] = []
    const accepted = quoteOf(params(eth, usdc), 1000n)
    await executeSwap({
      provider,
      wallet: {
        ...wallet,
        send: async (tx) => {
          sent.push(tx)
          return '0xbb'
        },
      },
      accepted,
      unlimited: false,
      now: () => now,
    })
    const [tx] = sent
    const { args } = decodeFunctionData({ abi: routerAbi, data: tx?.data ?? '0x' })
    expect(accepted.minToAmount).toBe(990n)
    expect(args[0]).toBe(990n)
  })

  it.each([
    {
      case: 'another spender',
      build: (token: Address) => ({ to: token, data: approveData(attacker, 1000n) }),
    },
    {
      case: 'more than the swap needs',
      build: (token: Address) => ({ to: token, data: approveData(router, maxUint256) }),
    },
    { case: 'another contract', build: () => ({ to: dai.address, data: approveData(router, 1000n) }) },
  ])('refuses an approve built for $case before the wallet is asked', async ({ build }) => {
    const { provider, wallet, log } = fakes()
    provider.buildApprove = async ({ token }) => ({ ...build(token), value: 0n })
    await expect(
      executeSwap({
        provider,
        wallet,
        accepted: quoteOf(params(usdc, dai), 990n),
        unlimited: false,
        now: () => now,
      }),
    ).rejects.toMatchObject({ reason: 'unavailable' })
    expect(log.some((line) => line.startsWith('send'))).toBe(false)
  })

  it.each([
    {
      case: 'a call to the token paid (its transfer to a stranger)',
      from: usdc,
      tx: { to: usdc.address, value: 0n },
    },
    { case: 'native coin sent along a token swap', from: usdc, tx: { to: router, value: 10n ** 18n } },
    { case: 'more native coin than the amount paid', from: eth, tx: { to: router, value: 1001n } },
  ])('refuses a swap transaction with $case before the wallet is asked', async ({ from, tx }) => {
    const { provider, wallet, log } = fakes({ allowance: 1000n })
    provider.buildSwap = async () => ({ ...tx, data: '0xa9059cbb' })
    await expect(
      executeSwap({
        provider,
        wallet,
        accepted: quoteOf(params(from, dai), 990n),
        unlimited: false,
        now: () => now,
      }),
    ).rejects.toMatchObject({ reason: 'unavailable' })
    expect(log.some((line) => line.startsWith('send'))).toBe(false)
  })
})

describe('watchQuote', () => {
  it('quotes at once and again every 10 s on the clock until stopped', async () => {
    vi.useFakeTimers()
    try {
      const { provider, log } = fakes({ quotes: [990n, 991n, 992n] })
      const seen: bigint[] = []
      const stop = watchQuote({
        provider,
        decimalsOf: chainDecimals(),
        params: params(eth, usdc),
        clock: { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as number) },
        onQuote: (quote) => seen.push(quote.toAmount),
        onError: () => {},
      })
      await vi.advanceTimersByTimeAsync(0)
      expect(seen).toEqual([990n])
      expect(requoteMs).toBe(10_000)
      await vi.advanceTimersByTimeAsync(9_999)
      expect(seen).toEqual([990n])
      await vi.advanceTimersByTimeAsync(1)
      expect(seen).toEqual([990n, 991n])
      stop()
      await vi.advanceTimersByTimeAsync(30_000)
      expect(seen).toEqual([990n, 991n])
      expect(log.filter((line) => line === 'quote')).toHaveLength(2)
    } finally {
      vi.useRealTimers()
    }
  })

  it('does not quote a token listed with other decimals than its contract reports, and says why', async () => {
    const { provider, log } = fakes()
    const errors: unknown[] = []
    const stop = watchQuote({
      provider,
      decimalsOf: chainDecimals({ [usdc.address]: 18 }),
      params: params(usdc, dai),
      clock: { setTimeout: () => 0, clearTimeout: () => {} },
      onQuote: () => {},
      onError: (error) => errors.push(error),
    })
    await vi.waitFor(() => expect(errors).toHaveLength(1))
    stop()
    expect(errors[0]).toMatchObject({ name: 'TokenDecimalsError', symbol: 'tUSDC' })
    expect(log).toEqual([])
  })
})

describe('acceptedFor', () => {
  const asked = params(eth, usdc)
  const accepted = quoteOf(asked, 990n)

  it('keeps the accepted quote while the preview asks for what it was asked for', () => {
    expect(acceptedFor(accepted, { ...asked })).toBe(accepted)
  })

  it('drops a quote accepted before the visitor switched account or network in the wallet', () => {
    const other: Address = '0x5555555555555555555555555555555555555555'
    expect(acceptedFor(accepted, { ...asked, userAddress: other })).toBeUndefined()
    expect(acceptedFor(accepted, { ...asked, chainId: 'eip155:1' })).toBeUndefined()
  })

  it('has none to keep while the preview has nothing to ask', () => {
    expect(acceptedFor(accepted, undefined)).toBeUndefined()
    expect(acceptedFor(undefined, asked)).toBeUndefined()
  })
})
