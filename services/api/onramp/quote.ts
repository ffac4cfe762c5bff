import { formatUnits } from 'viem'
import { type PaymentCurrency, paymentMethodFees, type SandboxAsset } from './catalog.js'
import { onrampErrors } from './errors.js'
import { onrampLimits } from './limits.js'
import { basisPointsUp, centsGrouped, centsText, parseCents } from './money.js'
import type { QuoteTerms } from './quoteToken.js'

export type Amount = { amount: string; currency: string }

/** AppKit's quote shape, plus the provider fee under its own name and when the quote expires. */
export type OnrampQuoteAnswer = {
  paymentTotal: Amount
  paymentSubtotal: Amount
  purchaseAmount: Amount
  coinbaseFee: Amount
  providerFee: Amount
  networkFee: Amount
  quoteId: string
  expiresAt: string
}

export type QuoteRequest = {
  projectId: string
  address: string
  asset: SandboxAsset
  chainId: number
  paymentCurrency: PaymentCurrency
  paymentMethod: 'card' | 'ach_bank_account'
  /** Decimal text, at most 2 decimals (the schema checked the form). */
  amount: string
}

const weiPerEther = 10n ** 18n

/**
 * The sandbox's price for `amount` of the payment currency: the method's fee, the network fee (the
 * delivery's gas at `gasPriceWei`, priced in tETH and rounded up to the cent), and what is left
 * bought at the asset's price, rounded down to its decimals. Outside the method's limits, or when the
 * fees take it all, it throws the reason.
 */
export function quoteTerms(
  request: QuoteRequest,
  market: { gasPriceWei: bigint; ethPriceCents: bigint; now: number; nonce: string },
): QuoteTerms {
  const { paymentCurrency, paymentMethod } = request
  const limit = paymentCurrency.payment_method_limits.find((each) => each.id === paymentMethod)
  if (!limit) throw onrampErrors.unsupportedPaymentCurrency(`${paymentCurrency.id} by ${paymentMethod}`)
  const paymentCents = parseCents(request.amount)
  const min = parseCents(limit.min)
  const max = parseCents(limit.max)
  if (paymentCents < min) throw onrampErrors.belowMinimum(centsGrouped(min), paymentCurrency.id)
  if (paymentCents > max) throw onrampErrors.aboveMaximum(centsGrouped(max), paymentCurrency.id)
  const fee = paymentMethodFees[paymentMethod]
  const feeCents = maxOf(basisPointsUp(paymentCents, fee.basisPoints), fee.minCents)
  const gasWei = request.asset.deliveryGas * market.gasPriceWei
  const networkFeeCents = (gasWei * market.ethPriceCents + weiPerEther - 1n) / weiPerEther
  const netCents = paymentCents - feeCents - networkFeeCents
  if (netCents <= 0n) throw onrampErrors.feesExceedAmount()
  const purchaseUnits = (netCents * 10n ** BigInt(request.asset.decimals)) / request.asset.priceCents
  return {
    projectId: request.projectId,
    address: request.address,
    currency: request.asset.currency.id,
    chainId: request.chainId,
    paymentCurrency: paymentCurrency.id,
    paymentMethod,
    paymentCents: paymentCents.toString(),
    feeCents: feeCents.toString(),
    networkFeeCents: networkFeeCents.toString(),
    purchaseUnits: purchaseUnits.toString(),
    expiresAt: market.now + onrampLimits.quoteLifeMs,
    nonce: market.nonce,
  }
}

/** The answer for signed terms, in AppKit's shape. */
export function quoteAnswer(terms: QuoteTerms, asset: SandboxAsset, quoteId: string): OnrampQuoteAnswer {
  const usd = (value: string | bigint): Amount => ({
    amount: centsText(BigInt(value)),
    currency: terms.paymentCurrency,
  })
  const paid = BigInt(terms.paymentCents)
  const fee = usd(terms.feeCents)
  return {
    paymentTotal: usd(paid),
    paymentSubtotal: usd(paid - BigInt(terms.feeCents) - BigInt(terms.networkFeeCents)),
    purchaseAmount: {
      amount: formatUnits(BigInt(terms.purchaseUnits), asset.decimals),
      currency: terms.currency,
    },
    coinbaseFee: fee,
    providerFee: fee,
    networkFee: usd(terms.networkFeeCents),
    quoteId,
    expiresAt: new Date(terms.expiresAt).toISOString(),
  }
}

const maxOf = (a: bigint, b: bigint) => (a > b ? a : b)
