import type { ChainNamespace } from '../networks/types.js'

/** AppKit's payment method limit, in the payment currency as decimal text. */
export type PaymentMethodLimit = { id: string; min: string; max: string }
export type PaymentCurrency = { id: string; payment_method_limits: PaymentMethodLimit[] }
export type PurchaseNetwork = {
  name: string
  display_name: string
  chain_id: string
  contract_address: string
}
export type PurchaseCurrency = { id: string; name: string; symbol: string; networks: PurchaseNetwork[] }
export type OnrampAmount = { amount: string; currency: string }

/** AppKit's quote shape, with the provider fee under its own name and the quote's expiry. */
export type OnrampQuote = {
  paymentTotal: OnrampAmount
  paymentSubtotal: OnrampAmount
  purchaseAmount: OnrampAmount
  coinbaseFee: OnrampAmount
  providerFee: OnrampAmount
  networkFee: OnrampAmount
  quoteId: string
  expiresAt?: string
}

/** AppKit's provider entry (ONRAMP_PROVIDERS): what the providers view lists. */
export type OnrampProviderOption = {
  label: string
  name: string
  feeRange: string
  url: string
  supportedChains: ChainNamespace[]
}

export type OrderStatus = 'IN_PROGRESS' | 'SUCCESS' | 'FAILED'

/** An order as every provider reports it, its own status mapped to three. */
export type OnrampOrder = {
  id: string
  status: OrderStatus
  /** The provider's own status name (the sandbox's CREATED … COMPLETED). */
  providerStatus: string
  paymentAmount: OnrampAmount
  purchaseAmount: OnrampAmount
  txHash?: string
  failureReason?: string
  createdAt: string
  updatedAt: string
}

/** Spec §3 onramp state, per modal instance (in its store). */
export type OnrampState = {
  providers: OnrampProviderOption[]
  selectedProvider: OnrampProviderOption | null
  error: string | null
  purchaseCurrency: PurchaseCurrency
  paymentCurrency: PaymentCurrency
  purchaseCurrencies: PurchaseCurrency[]
  paymentCurrencies: PaymentCurrency[]
  quotesLoading: boolean
  purchaseAmount: number | undefined
  paymentAmount: number | undefined
}
