import type { ChainNamespace } from '../networks/types.js'
import type { OnrampOrder, OnrampQuote, PaymentCurrency, PurchaseCurrency } from './types.js'

export type OnrampQuoteInput = {
  purchaseCurrency: PurchaseCurrency
  paymentCurrency: PaymentCurrency
  paymentMethod: string
  /** Decimal text, as the visitor typed it. */
  amount: string
  /** AppKit's field: the purchase currency's symbol. */
  network: string
  caipNetworkId: string
  address: string
}

export type OnrampCheckoutInput = {
  /** A quote of this provider; providers without quotes take the amount instead. */
  quoteId?: string
  amount?: string
  address: string
  caipNetworkId: string
  namespace: ChainNamespace
  purchaseCurrency: PurchaseCurrency
  redirectUrl?: string
}

/**
 * An onramp provider as the modal reaches it (research §3.2). Secrets stay on the api; the modal only
 * receives URLs. Failures throw an Error whose message is the text to show.
 */
export type OnrampProvider = {
  readonly id: string
  readonly label: string
  readonly feeRange: string
  readonly supportedNamespaces: readonly ChainNamespace[]
  getOptions(): Promise<{ purchaseCurrencies: PurchaseCurrency[]; paymentCurrencies: PaymentCurrency[] }>
  getQuote(input: OnrampQuoteInput): Promise<OnrampQuote>
  createCheckout(input: OnrampCheckoutInput): Promise<{ url: string; orderId?: string }>
  /** The address's paid orders: an order never paid is not the address's purchase, anyone may have made it. */
  getOrders(input: { address: string; since: number }): Promise<OnrampOrder[]>
  /** One order by the id `createCheckout` gave, paid or not: how its buyer follows it. */
  getOrder(id: string): Promise<OnrampOrder>
}

/** A provider's refusal or failure, with the text to show (e.g. 'Minimum is 10.00 USD'). */
export class OnrampError extends Error {
  override name = 'OnrampError'
}
