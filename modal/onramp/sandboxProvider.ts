import * as z from 'zod/mini'
import type { ApiClient } from '../api/client.js'
import { isApiError } from '../api/isApiError.js'
import { OnrampError, type OnrampProvider } from './provider.js'
import type { OnrampOrder, OrderStatus } from './types.js'

/** Most orders a listing may hold; a longer answer is refused, not rendered. */
const maxOrdersListed = 50
const text = z.string().check(z.maxLength(200))
const amountSchema = z.object({ amount: text, currency: text })
const limitSchema = z.object({ id: text, min: text, max: text })
const optionsSchema = z.object({
  paymentCurrencies: z
    .array(z.object({ id: text, payment_method_limits: z.array(limitSchema).check(z.maxLength(8)) }))
    .check(z.maxLength(32)),
  purchaseCurrencies: z
    .array(
      z.object({
        id: text,
        name: text,
        symbol: text,
        networks: z
          .array(z.object({ name: text, display_name: text, chain_id: text, contract_address: text }))
          .check(z.maxLength(32)),
      }),
    )
    .check(z.maxLength(64)),
})
const quoteSchema = z.object({
  paymentTotal: amountSchema,
  paymentSubtotal: amountSchema,
  purchaseAmount: amountSchema,
  coinbaseFee: amountSchema,
  providerFee: amountSchema,
  networkFee: amountSchema,
  quoteId: z.string().check(z.maxLength(2048)),
  expiresAt: z.optional(text),
})
const orderSchema = z.object({
  id: text,
  status: text,
  paymentAmount: amountSchema,
  purchaseAmount: amountSchema,
  txHash: z.optional(text),
  failureReason: z.optional(text),
  createdAt: text,
  updatedAt: text,
  checkoutUrl: z.optional(z.string().check(z.maxLength(4096))),
})
const ordersSchema = z.array(orderSchema).check(z.maxLength(maxOrdersListed))
const refusalSchema = z.object({ message: z.string().check(z.minLength(1), z.maxLength(300)) })

const statusOf = (status: string): OrderStatus =>
  status === 'COMPLETED' ? 'SUCCESS' : status === 'FAILED' ? 'FAILED' : 'IN_PROGRESS'

const order = (answer: z.output<typeof orderSchema>): OnrampOrder => ({
  id: answer.id,
  status: statusOf(answer.status),
  providerStatus: answer.status,
  paymentAmount: answer.paymentAmount,
  purchaseAmount: answer.purchaseAmount,
  ...(answer.txHash ? { txHash: answer.txHash } : {}),
  ...(answer.failureReason ? { failureReason: answer.failureReason } : {}),
  createdAt: answer.createdAt,
  updatedAt: answer.updatedAt,
})

/** The api's refusal text ('Minimum is 10.00 USD') when it gave one, else the client's own. */
async function refusing<T>(call: Promise<T>): Promise<T> {
  try {
    return await call
  } catch (error) {
    const refusal = isApiError(error) ? z.safeParse(refusalSchema, error.body) : undefined
    const message = refusal?.success ? refusal.data.message : error instanceof Error ? error.message : ''
    throw new OnrampError(message, { cause: error })
  }
}

/** The sandbox provider of the app's own api (services/api/onramp): test cards, delivery on the local chain. */
export function sandboxProvider(api: ApiClient): OnrampProvider {
  return {
    id: 'sandbox',
    label: 'Pairwise Sandbox',
    feeRange: '1-2%',
    supportedNamespaces: ['eip155'],
    getOptions: () => refusing(api.get('/v1/onramp/options', {}, optionsSchema)),
    getQuote: (input) =>
      refusing(
        api.post(
          '/v1/onramp/quote',
          {},
          {
            purchaseCurrency: input.purchaseCurrency,
            paymentCurrency: input.paymentCurrency,
            paymentMethod: input.paymentMethod,
            amount: input.amount,
            network: input.network,
            caipNetworkId: input.caipNetworkId,
            address: input.address,
          },
          quoteSchema,
        ),
      ),
    async createCheckout(input) {
      if (!input.quoteId) throw new OnrampError('Quote is not valid')
      const created = await refusing(
        api.post('/v1/onramp/orders', {}, { quoteId: input.quoteId }, orderSchema),
      )
      if (!created.checkoutUrl) throw new OnrampError('Quote is not valid')
      return { url: created.checkoutUrl, orderId: created.id }
    },
    async getOrders({ address, since }) {
      const listed = await refusing(
        api.get('/v1/onramp/orders', { address, since: String(since) }, ordersSchema),
      )
      return listed.map(order)
    },
    getOrder: async (id) =>
      order(await refusing(api.get(`/v1/onramp/orders/${encodeURIComponent(id)}`, {}, orderSchema))),
  }
}
