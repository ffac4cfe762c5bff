import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'

/**
 * What a quote promises, signed so that checkout cannot change any of it: the project, the buyer's
 * address, the currency and network, what is paid (cents, method) and what is delivered (base units).
 */
export const quoteTermsSchema = z.object({
  projectId: z.string().min(1).max(128),
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  currency: z.string().min(1).max(32),
  chainId: z.number().int().positive(),
  paymentCurrency: z.string().min(1).max(8),
  paymentMethod: z.enum(['card', 'ach_bank_account']),
  paymentCents: z.string().regex(/^\d{1,15}$/),
  feeCents: z.string().regex(/^\d{1,15}$/),
  networkFeeCents: z.string().regex(/^\d{1,15}$/),
  purchaseUnits: z.string().regex(/^\d{1,78}$/),
  expiresAt: z.number().int().nonnegative(),
  nonce: z.string().min(1).max(32),
})
export type QuoteTerms = z.infer<typeof quoteTermsSchema>

const prefix = 'q1'
/** An HMAC-SHA256 in unpadded base64url: 32 bytes in 43 characters. */
const macChars = 43
const base64urlChars = /^[A-Za-z0-9_-]+$/

/**
 * Whether `text` is the one base64url spelling of its bytes: Node's decoder also takes padding, '+' and
 * '/', whitespace and set spare bits, which would give one signed quote many ids.
 */
const canonicalBase64url = (text: string) =>
  base64urlChars.test(text) && Buffer.from(text, 'base64url').toString('base64url') === text
/** Longest quote id accepted anywhere (a path segment or a body field); real ones are about 500. */
export const maxQuoteIdChars = 1024

/**
 * Signs and opens quote ids (`q1.<terms>.<HMAC-SHA256>`, base64url) with one server secret. Only the
 * exact spelling `sign` gives opens: a quote has one id, and the order store keys orders by its nonce.
 */
export class QuoteSigner {
  constructor(private readonly secret: Uint8Array) {}

  sign(terms: QuoteTerms): string {
    const body = `${prefix}.${Buffer.from(canonicalJson(terms)).toString('base64url')}`
    return `${body}.${this.mac(body)}`
  }

  /** The terms of a quote id this server signed, or undefined for anything else (forged, altered, malformed). */
  open(quoteId: string): QuoteTerms | undefined {
    if (quoteId.length > maxQuoteIdChars) return undefined
    const parts = quoteId.split('.')
    if (parts.length !== 3 || parts[0] !== prefix) return undefined
    const [, encodedTerms = '', mac = ''] = parts
    if (mac.length !== macChars || !canonicalBase64url(mac) || !canonicalBase64url(encodedTerms))
      return undefined
    const given = Buffer.from(mac, 'base64url')
    const expected = Buffer.from(this.mac(`${prefix}.${encodedTerms}`), 'base64url')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
    const text = Buffer.from(encodedTerms, 'base64url').toString()
    try {
      const parsed = quoteTermsSchema.safeParse(JSON.parse(text))
      return parsed.success && canonicalJson(parsed.data) === text ? parsed.data : undefined
    } catch {
      return undefined
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url')
  }
}

/** The terms as `sign` writes them: the schema's fields in its order, nothing else. */
const canonicalJson = (terms: QuoteTerms) => JSON.stringify(quoteTermsSchema.parse(terms))
