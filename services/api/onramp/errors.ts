import { ApiError } from '../http/apiError.js'

/** Why an onramp request was refused, as the routes answer it. */
export const onrampErrors = {
  belowMinimum: (limit: string, currency: string) =>
    new ApiError(400, 'AMOUNT_OUT_OF_RANGE', `Minimum is ${limit} ${currency}`),
  aboveMaximum: (limit: string, currency: string) =>
    new ApiError(400, 'AMOUNT_OUT_OF_RANGE', `Maximum is ${limit} ${currency}`),
  feesExceedAmount: () => new ApiError(400, 'AMOUNT_OUT_OF_RANGE', 'The amount does not cover the fees'),
  unsupportedCurrency: (id: string) =>
    new ApiError(400, 'INVALID_REQUEST', `purchaseCurrency: ${id} is not offered`),
  unsupportedPaymentCurrency: (id: string) =>
    new ApiError(400, 'INVALID_REQUEST', `paymentCurrency: ${id} is not accepted`),
  unsupportedNetwork: (network: string) =>
    new ApiError(400, 'UNSUPPORTED_NETWORK', `Network ${network} is not offered`),
  quoteInvalid: () => new ApiError(400, 'QUOTE_INVALID', 'Quote is not valid'),
  quoteExpired: () => new ApiError(400, 'QUOTE_EXPIRED', 'Quote has expired, ask for a new one'),
  quoteUsed: () => new ApiError(409, 'QUOTE_USED', 'Quote was already used for another order'),
  idempotencyConflict: () =>
    new ApiError(409, 'IDEMPOTENCY_CONFLICT', 'Idempotency-Key was already used for another request'),
  orderNotFound: () => new ApiError(404, 'NOT_FOUND', 'Order not found'),
  tooManyAwaiting: () =>
    new ApiError(429, 'RATE_LIMITED', 'Too many orders awaiting payment, try again later'),
  tooManyOpenForClient: () =>
    new ApiError(
      429,
      'RATE_LIMITED',
      'Too many of your orders are open: pay one, or wait for one to be delivered or to expire',
    ),
  providerNotConfigured: (id: string) =>
    new ApiError(404, 'NOT_FOUND', `Onramp provider ${id} is not configured`),
  providerFailed: (id: string) => new ApiError(502, 'UPSTREAM_ERROR', `Onramp provider ${id} failed`),
}
