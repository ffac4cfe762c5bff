/**
 * Everything a client can make the onramp routes hold or compute has a cap:
 * - a quote lives 60 s; it is stateless (HMAC-signed), so quotes cost nothing to keep;
 * - an amount is at most 12 characters of digits with at most 2 decimals (the limits below apply after);
 * - an order is created only from a live quote, one per quote; a project holds at most 10,000 orders
 *   awaiting payment, each payable for 30 minutes, after which it fails as 'Checkout expired'; one client
 *   (its IP, IPv6 by its /64) holds at most 20 of a project's open orders (awaiting payment, or paid and
 *   not yet delivered), so one client can neither spend the project's 10,000 for every buyer nor keep
 *   deliveries running without end by paying as fast as it orders;
 * - an Idempotency-Key is 1–128 printable characters; a card number at most 23 characters;
 * - a listing answers at most 50 orders, newest first;
 * - a start takes up at most 1,000 paid orders whose delivery a stop interrupted (oldest first);
 * - a payment still pending a minute after it began was cut short by a stop (the sandbox's card answers at
 *   once) and fails, so no order waits for ever between paid and unpaid;
 * - a finished order (COMPLETED or FAILED) is kept 30 days from when it finished, then deleted by the
 *   deliveries' sweep, at most 1,000 a sweep (a backlog goes a batch at a time, never in one long delete).
 *   A month leaves the buyer, the app and support ample time to look an order up, and the table holds
 *   about a month of orders rather than every order ever. Nothing still needed goes: the caps count
 *   orders awaiting payment only, and an order is only made from a live quote (60 s), so a retry after the
 *   deletion, by quote or by Idempotency-Key, cannot make a second order of the deleted one's quote.
 */
export const onrampLimits = {
  quoteLifeMs: 60_000,
  amountChars: 12,
  checkoutLifeMs: 30 * 60_000,
  maxAwaitingPayment: 10_000,
  openPerClient: 20,
  idempotencyKeyChars: 128,
  cardNumberChars: 23,
  ordersListed: 50,
  resumedAtStart: 1_000,
  interruptedPaymentMs: 60_000,
  finishedKeptMs: 30 * 24 * 60 * 60_000,
  deletedPerSweep: 1_000,
} as const
