import { type Address, getAddress, type Hex, isAddressEqual } from 'viem'
import * as z from 'zod/mini'
import { shownAsWritten } from '../ui/components/shownAsWritten.js'
import { minAmountOut } from './quoteMath.js'
import { type SwapChainId, SwapError, type SwapProvider, type SwapToken } from './types.js'
import { addressText as address, amountText as amount, checksummed, hexText as hex } from './wire.js'

/**
 * A hosted aggregator (1inch or 0x style) reached over HTTP with the interface of research §4.3: off by
 * default, used only when an app configures its URL. Every answer is checked before use.
 */
export type AggregatorConfig = {
  id: string
  /** The aggregator's base URL, e.g. `https://swap.example.com`. */
  url: string
  chains: readonly SwapChainId[]
  fetch?: typeof fetch
  timeoutMs?: number
}

const text = z.string().check(z.maxLength(200))
const tokenSchema = z.object({
  name: text,
  symbol: text,
  address,
  decimals: z.number().check(z.int(), z.gte(0), z.lte(36)),
  logoUri: z.string().check(z.maxLength(2048)),
})
const tokensSchema = z.object({ tokens: z.array(tokenSchema).check(z.maxLength(2000)) })
const quoteSchema = z.object({
  quoteId: text,
  toAmount: amount,
  minToAmount: amount,
  route: z.array(address).check(z.maxLength(8)),
  priceImpactBps: z.optional(z.number().check(z.int(), z.gte(0), z.lte(10_000))),
  fees: z.array(z.object({ label: text, amount, token: address })).check(z.maxLength(8)),
  gasEstimate: amount,
  spender: address,
  expiresAt: z.number().check(z.int(), z.gte(0)),
})
const allowanceSchema = z.object({ allowance: amount })
const txSchema = z.object({ tx: z.object({ to: address, data: hex, value: amount }) })
const pricesSchema = z.object({ prices: z.record(z.string().check(z.maxLength(64)), z.number()) })

export function aggregatorProvider(config: AggregatorConfig): SwapProvider {
  const fetchJson = async <S extends z.ZodMiniType>(
    path: string,
    schema: S,
    body?: unknown,
  ): Promise<z.output<S>> => {
    const answer = await (config.fetch ?? fetch)(`${config.url.replace(/\/+$/, '')}${path}`, {
      ...(body === undefined
        ? {}
        : {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body, (_, v) => (typeof v === 'bigint' ? v.toString() : v)),
          }),
      signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
    })
    if (!answer.ok) throw new SwapError('unavailable', `${config.id} answered ${answer.status}`)
    const parsed = z.safeParse(schema, await answer.json().catch(() => undefined))
    if (!parsed.success) throw new SwapError('unavailable', `${config.id} answered an unexpected body`)
    return parsed.data
  }
  // A fee is shown in its token's decimals and symbol: one in a token other than the two swapped has none known.
  const tokenFor = (tokens: readonly SwapToken[], at: Address) => {
    const token = tokens.find((each) => isAddressEqual(each.address, at))
    if (!token) throw new SwapError('unavailable', `${config.id} quoted a fee in a token not swapped`)
    return token
  }
  return {
    id: config.id,
    supportedChains: () => config.chains,
    getTokens: async (chainId) =>
      (await fetchJson(`/tokens?chainId=${encodeURIComponent(chainId)}`, tokensSchema)).tokens
        .filter(shownAsWritten)
        .map(checksummed),
    getPrices: async (chainId, addresses) =>
      (await fetchJson('/prices', pricesSchema, { chainId, addresses })).prices,
    async getQuote(params) {
      const quote = await fetchJson('/quote', quoteSchema, {
        chainId: params.chainId,
        from: params.from.address,
        to: params.to.address,
        amount: params.amount,
        userAddress: params.userAddress,
        slippageBps: params.slippageBps,
      })
      const tokens = [params.from, params.to]
      const toAmount = BigInt(quote.toAmount)
      const minToAmount = BigInt(quote.minToAmount)
      // The minimum is the floor a re-quote is held to before sending: one under the slippage asked (0) would
      // let any price through while the preview showed the visitor's slippage.
      if (minToAmount > toAmount || minToAmount < minAmountOut(toAmount, params.slippageBps))
        throw new SwapError('unavailable', `${config.id} quoted a minimum outside the slippage asked`)
      return {
        ...quote,
        toAmount,
        minToAmount,
        gasEstimate: BigInt(quote.gasEstimate),
        route: quote.route.map((hop) => getAddress(hop)),
        spender: getAddress(quote.spender),
        params,
        fees: quote.fees.map((fee) => ({
          ...fee,
          amount: BigInt(fee.amount),
          token: tokenFor(tokens, fee.token),
        })),
        ...(quote.priceImpactBps === undefined ? {} : { priceImpactBps: quote.priceImpactBps }),
      }
    },
    getAllowance: async (input) => BigInt((await fetchJson('/allowance', allowanceSchema, input)).allowance),
    buildApprove: async (input) => txRequest((await fetchJson('/build-approve', txSchema, input)).tx),
    buildSwap: async ({ quote, recipient, slippageBps, deadline }) =>
      txRequest(
        (
          await fetchJson('/build-swap', txSchema, {
            quoteId: quote.quoteId,
            chainId: quote.params.chainId,
            recipient,
            slippageBps,
            deadline,
          })
        ).tx,
      ),
  }
}

/** A transaction the aggregator built: its address checksummed, its value a bigint. */
function txRequest(tx: { to: Address; data: Hex; value: string }) {
  return { ...tx, to: getAddress(tx.to), value: BigInt(tx.value) }
}
