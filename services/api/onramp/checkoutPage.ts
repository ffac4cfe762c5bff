import { formatUnits } from 'viem'
import { escapeHtml } from '../../kit/index.js'
import type { SandboxAsset } from './catalog.js'
import { centsText } from './money.js'
import type { QuoteTerms } from './quoteToken.js'
import type { StoredOrder } from './store.js'
import { testCardNumbers } from './testCards.js'

/** No script at all, styles from our own stylesheet, forms posted only back here, never framed. */
export const checkoutCsp =
  "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

export const checkoutStylesheet = `
body { font: 15px/1.45 system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #16181d; }
main { max-width: 380px; margin: 32px auto; background: #fff; border-radius: 12px; padding: 24px; box-shadow: 0 2px 12px #0002; }
h1 { font-size: 20px; margin: 0 0 4px; }
.sandbox { color: #a15c00; font-size: 13px; margin: 0 0 16px; }
dl { display: grid; grid-template-columns: 1fr auto; gap: 4px 12px; margin: 0 0 20px; }
dt { color: #555; } dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
.total { font-weight: 600; }
label { display: block; margin: 12px 0 4px; font-size: 13px; color: #333; }
input { width: 100%; box-sizing: border-box; padding: 10px; border: 1px solid #bbb; border-radius: 8px; font: inherit; }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
button { margin-top: 20px; width: 100%; padding: 12px; border: 0; border-radius: 8px; background: #3b5bdb; color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
.hint { font-size: 12px; color: #666; margin-top: 16px; }
.status { font-size: 18px; font-weight: 600; }
.failed { color: #b42318; } .completed { color: #067647; }
code { word-break: break-all; font-size: 12px; }
`

// The stylesheet is named from the page's own path (/sandbox/checkout/… or /sandbox/orders/…), so it is found
// under a proxy's path prefix too.
const page = (title: string, body: string, head = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="../checkout.css">${head}</head>
<body><main>${body}</main></body></html>`

/** The card form for a quote's terms; the form posts back to the same path. */
export function checkoutPage(terms: QuoteTerms, asset: SandboxAsset, idempotencyKey: string): string {
  const usd = (cents: string) => `${centsText(BigInt(cents))} ${escapeHtml(terms.paymentCurrency)}`
  const bought = `${formatUnits(BigInt(terms.purchaseUnits), asset.decimals)} ${escapeHtml(asset.currency.symbol)}`
  return page(
    'Pairwise sandbox checkout',
    `<h1>Buy ${bought}</h1>
<p class="sandbox">Sandbox: no real money moves. Test cards only.</p>
<dl>
<dt>Amount</dt><dd>${bought}</dd>
<dt>To</dt><dd><code>${escapeHtml(terms.address)}</code></dd>
<dt>Provider fee</dt><dd>${usd(terms.feeCents)}</dd>
<dt>Network fee</dt><dd>${usd(terms.networkFeeCents)}</dd>
<dt class="total">Total</dt><dd class="total">${usd(terms.paymentCents)}</dd>
</dl>
<form method="post">
<input type="hidden" name="idempotencyKey" value="${escapeHtml(idempotencyKey)}">
<label for="number">Card number</label>
<input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required maxlength="23" placeholder="4242 4242 4242 4242">
<div class="row">
<div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" required maxlength="7" placeholder="12/34" autocomplete="cc-exp"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" required maxlength="4" placeholder="123" autocomplete="cc-csc"></div>
</div>
<button type="submit">Pay ${usd(terms.paymentCents)}</button>
</form>
<p class="hint">${testCardNumbers.succeeds} pays; ${testCardNumbers.declined} is declined; ${testCardNumbers.insufficientFunds} has insufficient funds.</p>`,
  )
}

const statusText: Record<StoredOrder['status'], string> = {
  CREATED: 'Awaiting payment',
  PAYMENT_PENDING: 'Processing payment',
  PAYMENT_COMPLETE: 'Payment complete, sending',
  DELIVERING: 'Sending to your wallet',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
}

/** An order's status; it reloads itself (a meta refresh, no script) until the order settles. */
export function orderPage(order: StoredOrder): string {
  const settled = order.status === 'COMPLETED' || order.status === 'FAILED'
  return page(
    `Order ${statusText[order.status]}`,
    `<h1>Your order</h1>
<p class="sandbox">Sandbox: no real money moved.</p>
<p class="status ${order.status.toLowerCase()}" data-status="${order.status}">${statusText[order.status]}</p>
${order.failureReason ? `<p class="failed" data-reason>${escapeHtml(order.failureReason)}</p>` : ''}
${order.txHash ? `<p>Transaction <code>${escapeHtml(order.txHash)}</code></p>` : ''}
${settled ? '<p>You can close this window.</p>' : ''}`,
    settled ? '' : '<meta http-equiv="refresh" content="1">',
  )
}

/** Why the checkout cannot be shown (an expired or altered quote). */
export function checkoutErrorPage(message: string): string {
  return page(
    'Checkout unavailable',
    `<h1>Checkout unavailable</h1><p class="failed">${escapeHtml(message)}</p>`,
  )
}
