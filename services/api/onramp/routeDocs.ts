import { z } from 'zod'
import { empty, json, type ModuleDocs, page, type ResponseDoc } from '../openapi/routeDoc.js'
import type { PaymentCurrency, PurchaseCurrency } from './catalog.js'
import { sessionBodySchema } from './providerRoutes.js'
import type { OnrampQuoteAnswer } from './quote.js'
import type { OrderAnswer } from './sandbox.js'
import {
  checkoutFormSchema,
  orderBodySchema,
  orderIdSchema,
  ordersQuerySchema,
  paymentBodySchema,
  quoteBodySchema,
  quoteIdSchema,
} from './schema.js'
import { orderStatuses } from './store.js'

const amount = z.object({ amount: z.string(), currency: z.string() })
const iso = z.iso.datetime({ offset: false })

export const onrampOptionsAnswerSchema = z.object({
  paymentCurrencies: z.array(
    z.object({
      id: z.string(),
      payment_method_limits: z.array(
        z.object({ id: z.enum(['card', 'ach_bank_account']), min: z.string(), max: z.string() }),
      ),
    }) satisfies z.ZodType<PaymentCurrency>,
  ),
  purchaseCurrencies: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      symbol: z.string(),
      networks: z.array(
        z.object({
          name: z.string(),
          display_name: z.string(),
          chain_id: z.string(),
          contract_address: z.string(),
        }),
      ),
    }) satisfies z.ZodType<PurchaseCurrency>,
  ),
})

export const onrampQuoteAnswerSchema = z.object({
  paymentTotal: amount,
  paymentSubtotal: amount,
  purchaseAmount: amount,
  coinbaseFee: amount,
  providerFee: amount,
  networkFee: amount,
  quoteId: z.string(),
  expiresAt: iso,
}) satisfies z.ZodType<OnrampQuoteAnswer>

export const onrampOrderSchema = z.object({
  id: z.string(),
  status: z.enum(orderStatuses),
  address: z.string(),
  caipNetworkId: z.string(),
  paymentMethod: z.string(),
  paymentAmount: amount,
  purchaseAmount: amount,
  txHash: z.string().optional(),
  failureReason: z.string().optional(),
  createdAt: iso,
  updatedAt: iso,
}) satisfies z.ZodType<OrderAnswer>

export const createdOrderAnswerSchema = onrampOrderSchema.extend({
  checkoutUrl: z.string().describe("The sandbox's checkout page for the order's quote."),
})

export const providersAnswerSchema = z.object({
  providers: z.array(
    z.object({
      name: z.enum(['sandbox', 'meld', 'coinbase']),
      url: z.string().optional(),
      publicKey: z.string().optional(),
    }),
  ),
})

const sandbox = '`onramp.sandbox`'
const anyProvider = '`onramp.sandbox`, `onramp.meld` or `onramp.coinbase`'
const orderById = z.object({ id: orderIdSchema })
const quoteById = z.object({ quoteId: quoteIdSchema })
const toOrderPage: ResponseDoc = empty("See other: the order's status page")

export const onrampDocs: ModuleDocs = {
  tag: 'onramp',
  description:
    'Buying crypto: the sandbox provider (test cards, delivered on the local chain), Meld and Coinbase.',
  routes: [
    {
      method: 'get',
      path: '/v1/onramp/providers',
      summary: 'The providers this api is configured for',
      auth: 'project',
      calledBy: ['modal'],
      when: anyProvider,
      responses: { 200: json('The providers', providersAnswerSchema) },
    },
    {
      method: 'post',
      path: '/v1/onramp/coinbase/session',
      summary: "Coinbase Onramp's Secure Init: a checkout URL made with the operator's CDP key",
      auth: 'project',
      calledBy: ['modal'],
      when: anyProvider,
      body: { schema: sessionBodySchema },
      responses: { 200: json('The checkout URL', z.object({ url: z.string() })) },
    },
    {
      method: 'get',
      path: '/v1/onramp/options',
      summary: 'The payment and purchase currencies of the sandbox',
      auth: 'project',
      calledBy: ['modal'],
      when: sandbox,
      responses: { 200: json('The currencies', onrampOptionsAnswerSchema) },
    },
    {
      method: 'post',
      path: '/v1/onramp/quote',
      summary: 'A signed quote (valid 60 s) for an amount of a currency',
      auth: 'project',
      calledBy: ['modal'],
      when: sandbox,
      body: { schema: quoteBodySchema },
      responses: { 200: json('The quote', onrampQuoteAnswerSchema) },
    },
    {
      method: 'post',
      path: '/v1/onramp/orders',
      summary: 'An order for a quote (an `Idempotency-Key` header makes retries safe)',
      auth: 'project',
      calledBy: ['modal'],
      when: sandbox,
      body: { schema: orderBodySchema },
      responses: {
        200: json('The order that key made before', createdOrderAnswerSchema),
        201: json('The order created', createdOrderAnswerSchema),
      },
    },
    {
      method: 'post',
      path: '/v1/onramp/orders/{id}/payment',
      summary:
        'Pays an order with a test card, given the quote id it was made from; delivery follows on the chain',
      auth: 'project',
      when: sandbox,
      params: orderById,
      body: { schema: paymentBodySchema },
      responses: { 200: json('The order', onrampOrderSchema) },
    },
    {
      method: 'get',
      path: '/v1/onramp/orders',
      summary:
        "An address's paid orders in this project since a time (an order never paid is nobody's purchase)",
      auth: 'project',
      calledBy: ['modal'],
      when: sandbox,
      query: ordersQuerySchema,
      responses: { 200: json('The orders', z.array(onrampOrderSchema)) },
    },
    {
      method: 'get',
      path: '/v1/onramp/orders/{id}',
      summary: 'One order of this project',
      auth: 'project',
      calledBy: ['modal'],
      when: sandbox,
      params: orderById,
      responses: { 200: json('The order', onrampOrderSchema) },
    },
    {
      method: 'get',
      path: '/sandbox/checkout.css',
      summary: "The checkout pages' stylesheet",
      auth: 'none',
      calledBy: ['browser'],
      when: sandbox,
      responses: { 200: { description: 'The stylesheet', media: 'text/css' } },
    },
    {
      method: 'get',
      path: '/sandbox/checkout/{quoteId}',
      summary: "The sandbox's checkout page for a quote (no script; the quote names the project)",
      auth: 'none',
      calledBy: ['browser'],
      when: sandbox,
      pageErrors: true,
      params: quoteById,
      responses: { 200: page('The checkout form'), 303: toOrderPage },
    },
    {
      method: 'post',
      path: '/sandbox/checkout/{quoteId}',
      summary: 'Pays the checkout form',
      auth: 'none',
      calledBy: ['browser'],
      when: sandbox,
      pageErrors: true,
      params: quoteById,
      body: { schema: checkoutFormSchema, media: 'application/x-www-form-urlencoded' },
      responses: { 303: toOrderPage },
    },
    {
      method: 'get',
      path: '/sandbox/orders/{id}',
      summary: "An order's status page",
      auth: 'none',
      calledBy: ['browser'],
      when: sandbox,
      pageErrors: true,
      params: orderById,
      responses: { 200: page('The status page') },
    },
  ],
}
