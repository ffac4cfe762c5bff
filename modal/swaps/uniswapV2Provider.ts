import { type Address, type Client, encodeFunctionData, erc20Abi, isAddressEqual, zeroAddress } from 'viem'
import { readContract } from 'viem/actions'
import { minAmountOut, priceImpactBps } from './quoteMath.js'
import {
  isNativeToken as isNative,
  type SwapChainId,
  SwapError,
  type SwapProvider,
  type SwapQuote,
  type SwapQuoteParams,
  type SwapToken,
  type TxRequest,
} from './types.js'
import { factoryAbi, pairAbi, routerAbi } from './uniswapV2Abi.js'

/** How long a quote may be sent after it was made. */
export const quoteLifetimeMs = 30_000

/** Gas a V2 swap took on the local chain (research §4.2): about 135 k for one hop, 60 k more per hop. */
const gasPerSwap = 135_000n
const gasPerExtraHop = 60_000n

export type UniswapV2Config = {
  chainId: SwapChainId
  /** The chain's read client (the kit's eip155 adapter's `chainClient`). */
  client: Client
  router: Address
  weth: Address
  tokens: readonly SwapToken[]
  now?: () => number
}

/**
 * The local DEX as a swap provider: quotes from the router's `getAmountsOut` over the direct pair and the
 * route through WETH (the larger wins), price impact from the pairs' reserves, and the router's
 * swapExact… calls (the ETH variants for the native coin).
 */
export function uniswapV2Provider(config: UniswapV2Config): SwapProvider {
  const { client, router, weth } = config
  const now = config.now ?? Date.now
  let factory: Promise<Address> | undefined
  let issued = 0
  const onChain = (token: SwapToken) => (isNative(token) ? weth : token.address)

  const outOf = async (amount: bigint, path: readonly Address[]) => {
    try {
      const amounts = await readContract(client, {
        address: router,
        abi: routerAbi,
        functionName: 'getAmountsOut',
        args: [amount, [...path]],
      })
      return amounts.at(-1) ?? 0n
    } catch {
      // No pair on this route (the router reverts): the other route may have one.
      return 0n
    }
  }

  const reserves = async (from: Address, to: Address): Promise<readonly [bigint, bigint]> => {
    factory ??= readContract(client, { address: router, abi: routerAbi, functionName: 'factory' })
    const pair = await readContract(client, {
      address: await factory,
      abi: factoryAbi,
      functionName: 'getPair',
      args: [from, to],
    })
    if (isAddressEqual(pair, zeroAddress)) return [0n, 0n]
    const [token0, [reserve0, reserve1]] = await Promise.all([
      readContract(client, { address: pair, abi: pairAbi, functionName: 'token0' }),
      readContract(client, { address: pair, abi: pairAbi, functionName: 'getReserves' }),
    ])
    return isAddressEqual(token0, from) ? [reserve0, reserve1] : [reserve1, reserve0]
  }

  const routes = (from: Address, to: Address): Address[][] =>
    isAddressEqual(from, weth) || isAddressEqual(to, weth)
      ? [[from, to]]
      : [
          [from, to],
          [from, weth, to],
        ]

  return {
    id: 'uniswap-v2',
    supportedChains: () => [config.chainId],
    getTokens: async () => config.tokens,

    async getQuote(params: SwapQuoteParams): Promise<SwapQuote> {
      const amount = BigInt(params.amount)
      const from = onChain(params.from)
      const to = onChain(params.to)
      if (isAddressEqual(from, to)) throw new SwapError('noRoute')
      const quoted = await Promise.all(
        routes(from, to).map(async (path) => ({ path, out: await outOf(amount, path) })),
      )
      const best = quoted.reduce((a, b) => (b.out > a.out ? b : a))
      if (best.out === 0n) throw new SwapError('noRoute')
      const hops = await Promise.all(
        best.path.slice(1).map((next, i) => reserves(best.path[i] as Address, next)),
      )
      issued += 1
      return {
        quoteId: `uniswap-v2-${issued}`,
        params,
        toAmount: best.out,
        minToAmount: minAmountOut(best.out, params.slippageBps),
        route: best.path,
        priceImpactBps: priceImpactBps(amount, best.out, hops),
        fees: [{ label: 'pool', amount: (amount * 3n * BigInt(hops.length)) / 1000n, token: params.from }],
        gasEstimate: gasPerSwap + gasPerExtraHop * BigInt(hops.length - 1),
        spender: router,
        expiresAt: now() + quoteLifetimeMs,
      }
    },

    getAllowance: ({ token, owner, spender }) =>
      readContract(client, {
        address: token,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [owner, spender],
      }),

    buildApprove: async ({ token, spender, amount }): Promise<TxRequest> => ({
      to: token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] }),
      value: 0n,
    }),

    async buildSwap({ quote, recipient, deadline }): Promise<TxRequest> {
      const amount = BigInt(quote.params.amount)
      const min = quote.minToAmount
      const path = [...quote.route]
      if (isNative(quote.params.from))
        return {
          to: router,
          data: encodeFunctionData({
            abi: routerAbi,
            functionName: 'swapExactETHForTokens',
            args: [min, path, recipient, deadline],
          }),
          value: amount,
        }
      return {
        to: router,
        data: isNative(quote.params.to)
          ? encodeFunctionData({
              abi: routerAbi,
              functionName: 'swapExactTokensForETH',
              args: [amount, min, path, recipient, deadline],
            })
          : encodeFunctionData({
              abi: routerAbi,
              functionName: 'swapExactTokensForTokens',
              args: [amount, min, path, recipient, deadline],
            }),
        value: 0n,
      }
    },
  }
}
