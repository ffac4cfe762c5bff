import { type Address, getAddress, type Hex } from 'viem'
import * as z from 'zod/mini'
import { type SwapChainId, SwapError, type SwapProvider, type SwapToken } from './types.js'

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
const address = z.pipe(
  z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  z.transform((value): Address => getAddress(value)),
)
const amount = z.pipe(
  z.string().check(z.regex(/^\d{1,78}$/)),
  z.transform((value) => BigInt(value)),
)
const hex = z.pipe(
  z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/), z.maxLength(100_000)),
  z.transform((value) => value as Hex),
)
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
  const tokenFor = (tokens: readonly SwapToken[], at: Address, fallback: SwapToken) =>
    tokens.find((token) => token.address === at) ?? fallback
  return {
    id: config.id,
    supportedChains: () => config.chains,
    getTokens: async (chainId) =>
      (await fetchJson(`/tokens?chainId=${encodeURIComponent(chainId)}`, tokensSchema)).tokens,
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
      return {
        ...quote,
        params,
        fees: quote.fees.map((fee) => ({ ...fee, token: tokenFor(tokens, fee.token, params.from) })),
        ...(quote.priceImpactBps === undefined ? {} : { priceImpactBps: quote.priceImpactBps }),
      }
    },
    getAllowance: async (input) => (await fetchJson('/allowance', allowanceSchema, input)).allowance,
    buildApprove: async (input) => (await fetchJson('/build-approve', txSchema, input)).tx,
    buildSwap: async ({ quote, recipient, slippageBps, deadline }) =>
      (
        await fetchJson('/build-swap', txSchema, {
          quoteId: quote.quoteId,
          chainId: quote.params.chainId,
          recipient,
          slippageBps,
          deadline,
        })
      ).tx,
  }
}
