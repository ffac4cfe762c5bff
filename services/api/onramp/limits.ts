/**
 * Everything a client can make the onramp routes hold or compute has a cap:
 * - a quote lives 60 s; it is stateless (HMAC-signed), so quotes cost nothing to keep;
 * - an amount is at most 12 characters of digits with at most 2 decimals (the limits below apply after);
 * - an order is created only from a live quote, one per quote; a project holds at most 10,000 orders
 *   awaiting payment, each payable for 30 minutes, after which it fails as 'Checkout expired'; one client
 *   (its IP, IPv6 by its /64) holds at most 20 of a project's orders awaiting payment, so one client
 *   cannot spend the project's 10,000 for every buyer;
 * - an Idempotency-Key is 1–128 printable characters; a card number at most 23 characters;
 * - a listing answers at most 50 orders, newest first;
 * - a start takes up at most 1,000 paid orders whose delivery a stop interrupted (oldest first).
 */
export const onrampLimits = {
  quoteLifeMs: 60_000,
  amountChars: 12,
  checkoutLifeMs: 30 * 60_000,
  maxAwaitingPayment: 10_000,
  awaitingPaymentPerClient: 20,
  idempotencyKeyChars: 128,
  cardNumberChars: 23,
  ordersListed: 50,
  resumedAtStart: 1_000,
} as const
