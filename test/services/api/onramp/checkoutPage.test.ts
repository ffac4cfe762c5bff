import { describe, expect, it } from 'vitest'
import type { SandboxAsset } from '../../../../services/api/onramp/catalog.js'
import {
  checkoutCsp,
  checkoutErrorPage,
  checkoutPage,
  orderPage,
} from '../../../../services/api/onramp/checkoutPage.js'
import type { QuoteTerms } from '../../../../services/api/onramp/quoteToken.js'
import type { StoredOrder } from '../../../../services/api/onramp/store.js'
import { escapeHtml } from '../../../../services/kit/index.js'

const hostile = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', "'><svg onload=alert(1)>"]

/** Each page with `text` in every value it did not write itself. */
const pagesWith = (text: string) => [
  checkoutPage(terms(text), asset(text), text),
  orderPage(order(text)),
  checkoutErrorPage(text),
]

const terms = (text: string): QuoteTerms => ({
  projectId: 'p1',
  address: text,
  currency: 'tUSDC',
  chainId: 31337,
  paymentCurrency: text,
  paymentMethod: 'card',
  paymentCents: '2500',
  feeCents: '100',
  networkFeeCents: '1',
  purchaseUnits: '24000000',
  expiresAt: 1,
  nonce: 'n',
})

const asset = (text: string): SandboxAsset => ({
  currency: { id: 'tUSDC', name: text, symbol: text, networks: [] },
  decimals: 6,
  priceCents: 100n,
  deliveryGas: 60_000n,
})

const order = (text: string): StoredOrder => ({
  id: 'ord_0123456789abcdef',
  projectId: 'p1',
  quoteId: 'q1.x.y',
  idempotencyKey: text,
  requestHash: 'h',
  address: text,
  chainId: 31337,
  currency: 'tUSDC',
  purchaseUnits: 1n,
  paymentCurrency: text,
  paymentMethod: 'card',
  paymentCents: 1n,
  status: 'FAILED',
  txHash: text,
  delivery: null,
  failureReason: text,
  createdAt: 0,
  updatedAt: 0,
})

describe('the sandbox checkout pages', () => {
  it('render every value they did not write as inert text, attributes included', () => {
    const plain = pagesWith('x')
    for (const text of hostile)
      for (const [index, html] of pagesWith(text).entries()) {
        expect(html).not.toContain(text)
        // Escaped, the value changes nothing else: no tag or attribute it could have opened or closed.
        expect(html.replaceAll(escapeHtml(text), 'x')).toBe(plain[index])
      }
  })

  it('are served under a policy with no script, forms posted only back here, and no framing', () => {
    const directives = checkoutCsp.split(/;\s*/)
    expect(directives).toEqual(
      expect.arrayContaining([
        "default-src 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
      ]),
    )
    expect(checkoutCsp).not.toMatch(/script-src|unsafe-/)
  })
})
