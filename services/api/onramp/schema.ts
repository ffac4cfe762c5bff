import { isAddress } from 'viem'
import { z } from 'zod'
import { onrampLimits } from './limits.js'
import { maxQuoteIdChars } from './quoteToken.js'

const currencyId = z.string().min(1).max(32)
/** AppKit sends the whole currency object; a bare id is accepted too. */
const currencyRef = z
  .union([currencyId, z.looseObject({ id: currencyId })])
  .transform((value) => (typeof value === 'string' ? value : value.id))

/**
 * An address bought for: 40 hex digits, one in mixed case carrying a valid EIP-55 checksum, as a mistyped
 * digit in a checksummed address would otherwise have its purchase delivered to a stranger. One all in lower
 * or all in upper case has no checksum to check. Never the zero address.
 */
export const deliveryAddressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'an EVM address')
  .refine((value) => {
    const digits = value.slice(2)
    return (
      digits === digits.toLowerCase() || digits === digits.toUpperCase() || isAddress(value, { strict: true })
    )
  }, 'an EVM address in mixed case must carry a valid EIP-55 checksum')
  // Nobody holds its key: what is bought for it is lost, as Send refuses to send there.
  .refine((value) => !/^0x0{40}$/.test(value), 'not the zero address, whose key no one holds')

export const quoteBodySchema = z.object({
  purchaseCurrency: currencyRef,
  paymentCurrency: currencyRef,
  paymentMethod: z.enum(['card', 'ach_bank_account']).default('card'),
  amount: z
    .string()
    .max(onrampLimits.amountChars)
    .regex(/^\d+(\.\d{1,2})?$/, 'an amount with at most 2 decimals'),
  /** AppKit's field: the purchase currency's symbol; informative only. */
  network: z.string().max(64).optional(),
  caipNetworkId: z.string().regex(/^eip155:\d{1,12}$/),
  address: deliveryAddressSchema,
})

export const quoteIdSchema = z.string().min(1).max(maxQuoteIdChars)

export const orderBodySchema = z.object({ quoteId: quoteIdSchema })

export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(onrampLimits.idempotencyKeyChars)
  .regex(/^[\x21-\x7e]+$/, 'printable characters')

/** A test card as a person types it: digits with optional spaces or dashes. */
export const cardSchema = z.object({
  number: z
    .string()
    .max(onrampLimits.cardNumberChars)
    .regex(/^[\d -]+$/, 'digits')
    .transform((value) => value.replace(/[ -]/g, '')),
  expiry: z
    .string()
    .max(7)
    .regex(/^\d{2} ?\/ ?\d{2}$/, 'MM/YY'),
  cvc: z.string().regex(/^\d{3,4}$/, '3 or 4 digits'),
})

/**
 * A payment names the quote its order was made from beside the card: order ids are listed to anyone who
 * names the buyer's address, the quote id only reached the buyer (it is in their checkout URL).
 */
export const paymentBodySchema = z.object({ quoteId: quoteIdSchema, card: cardSchema })

/** The checkout form's fields (application/x-www-form-urlencoded). */
export const checkoutFormSchema = z.object({
  number: cardSchema.shape.number,
  expiry: cardSchema.shape.expiry,
  cvc: cardSchema.shape.cvc,
  idempotencyKey: idempotencyKeySchema,
})

export const ordersQuerySchema = z.object({
  address: deliveryAddressSchema,
  since: z.coerce.number().int().nonnegative().optional(),
})

export const orderIdSchema = z.string().regex(/^ord_[0-9A-Za-z_-]{16,64}$/, 'an order id')
