import { getAddress, type Hex } from 'viem'
import { type Database, lockedTransaction } from '../db/index.js'
import type { SignedDelivery } from './delivery.js'
import { onrampLimits } from './limits.js'
import type { QuoteTerms } from './quoteToken.js'

/** CREATED → PAYMENT_PENDING → PAYMENT_COMPLETE → DELIVERING → COMPLETED, or FAILED from any before COMPLETED. */
export const orderStatuses = [
  'CREATED',
  'PAYMENT_PENDING',
  'PAYMENT_COMPLETE',
  'DELIVERING',
  'COMPLETED',
  'FAILED',
] as const
export type OrderStatus = (typeof orderStatuses)[number]

/** An order not finished yet, as SQL: a client's count of these is capped (limits `openPerClient`). */
const openStatuses = "('CREATED', 'PAYMENT_PENDING', 'PAYMENT_COMPLETE', 'DELIVERING')"

const statusOf = (value: string): OrderStatus => {
  const status = orderStatuses.find((each) => each === value)
  if (!status) throw new Error(`onramp_orders holds an unknown status ${value}`)
  return status
}

export type StoredOrder = {
  id: string
  projectId: string
  quoteId: string
  idempotencyKey: string | null
  requestHash: string
  address: string
  chainId: number
  currency: string
  purchaseUnits: bigint
  paymentCurrency: string
  paymentMethod: QuoteTerms['paymentMethod']
  paymentCents: bigint
  status: OrderStatus
  txHash: string | null
  /** The delivery transaction as signed and stored before it was broadcast (none on orders from before that). */
  delivery: SignedDelivery | null
  failureReason: string | null
  createdAt: number
  updatedAt: number
}

type OrderRow = {
  id: string
  project_id: string
  quote_id: string
  idempotency_key: string | null
  request_hash: string
  address: string
  chain_id: number
  currency: string
  purchase_units: string
  payment_currency: string
  payment_method: string
  payment_cents: string
  status: string
  tx_hash: string | null
  tx_from: string | null
  tx_nonce: number | null
  signed_tx: string | null
  failure_reason: string | null
  created_at: number
  updated_at: number
}

export type NewOrder = {
  id: string
  quoteId: string
  terms: QuoteTerms
  idempotencyKey: string | undefined
  requestHash: string
  /** Who asked (`clientBudgetKey` of the project and the client's address): its unpaid orders are capped. */
  clientKey: string
  now: number
}

/** Where creating an order ended: a new one, the one this request made before, or a refusal. */
export type CreateOutcome =
  | { kind: 'created' | 'existing'; order: StoredOrder }
  | { kind: 'idempotency-conflict' | 'quote-used' | 'too-many' | 'too-many-for-client' }

/** The sandbox's orders over the api's Database; every status change is one conditional UPDATE. */
export class OrderStore {
  constructor(private readonly db: Database) {}

  async create(input: NewOrder): Promise<CreateOutcome> {
    const projectId = input.terms.projectId
    const earlier = await this.earlier(input)
    if (earlier) return earlier
    const { terms } = input
    // Counted and inserted under the project's and the client's locks: on PostgreSQL the statement alone
    // counts without the uncommitted orders of requests racing it on other connections, and all pass the caps.
    const locks = [`onramp project ${projectId}`, `onramp client ${input.clientKey}`]
    const inserted = await lockedTransaction(this.db, locks, (tx) =>
      tx.run(
        `INSERT INTO onramp_orders (id, project_id, quote_id, quote_nonce, idempotency_key, request_hash, address,
         chain_id, currency, purchase_units, payment_currency, payment_method, payment_cents, status, tx_hash,
         failure_reason, created_at, updated_at, client_key)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'CREATED', NULL, NULL, ?, ?, ?
       WHERE (SELECT COUNT(*) FROM onramp_orders WHERE project_id = ? AND status = 'CREATED') < ?
         AND (SELECT COUNT(*) FROM onramp_orders WHERE client_key = ? AND status IN ${openStatuses}) < ?
       ON CONFLICT DO NOTHING`,
        [
          input.id,
          projectId,
          input.quoteId,
          terms.nonce,
          input.idempotencyKey ?? null,
          input.requestHash,
          terms.address.toLowerCase(),
          terms.chainId,
          terms.currency,
          terms.purchaseUnits,
          terms.paymentCurrency,
          terms.paymentMethod,
          terms.paymentCents,
          input.now,
          input.now,
          input.clientKey,
          projectId,
          onrampLimits.maxAwaitingPayment,
          input.clientKey,
          onrampLimits.openPerClient,
        ],
      ),
    )
    if (inserted === 1) {
      const order = await this.find(input.id)
      if (order) return { kind: 'created', order }
    }
    // A request racing this one took the key or the quote first; answer as if it had come before.
    const raced = await this.earlier(input)
    if (raced) return raced
    const held = await this.db.get<{ count: number }>(
      `SELECT COUNT(*) AS count FROM onramp_orders WHERE client_key = ? AND status IN ${openStatuses}`,
      [input.clientKey],
    )
    return Number(held?.count ?? 0) >= onrampLimits.openPerClient
      ? { kind: 'too-many-for-client' }
      : { kind: 'too-many' }
  }

  async find(id: string): Promise<StoredOrder | undefined> {
    const row = await this.db.get<OrderRow>('SELECT * FROM onramp_orders WHERE id = ?', [id])
    return row && fromRow(row)
  }

  /**
   * The order of a quote, by its nonce: however its id was spelled, a quote has one order. Rows from
   * before the nonce column hold their quote id in its place.
   */
  async findByQuote(terms: Pick<QuoteTerms, 'nonce'>, quoteId: string): Promise<StoredOrder | undefined> {
    const row = await this.db.get<OrderRow>('SELECT * FROM onramp_orders WHERE quote_nonce IN (?, ?)', [
      terms.nonce,
      quoteId,
    ])
    return row && fromRow(row)
  }

  /**
   * The address's paid orders in the project created at or after `since`, newest first, at most the cap.
   * Anyone may order for any address without its key: an order never paid is nobody's purchase, so it is
   * never listed (its creator follows it by id).
   */
  async list(projectId: string, address: string, since: number): Promise<StoredOrder[]> {
    const rows = await this.db.all<OrderRow>(
      `SELECT * FROM onramp_orders
       WHERE project_id = ? AND address = ? AND created_at >= ? AND paid_at IS NOT NULL
       ORDER BY created_at DESC, id DESC LIMIT ?`,
      [projectId, address.toLowerCase(), since, onrampLimits.ordersListed],
    )
    return rows.map(fromRow)
  }

  /** Moves the order on only from one of `from`; false when another request moved it first. */
  async transition(
    id: string,
    from: readonly OrderStatus[],
    to: OrderStatus,
    now: number,
    detail: { failureReason?: string } = {},
  ): Promise<boolean> {
    const changed = await this.db.run(
      `UPDATE onramp_orders SET status = ?, failure_reason = ?, updated_at = ?
       WHERE id = ? AND status IN (${from.map(() => '?').join(', ')})`,
      [to, detail.failureReason ?? null, now, id, ...from],
    )
    return changed === 1
  }

  /** Records the card's charge: PAYMENT_PENDING → PAYMENT_COMPLETE, stamped paid (from then on listed). */
  async markPaid(id: string, now: number): Promise<void> {
    await this.db.run(
      `UPDATE onramp_orders SET status = 'PAYMENT_COMPLETE', paid_at = ?, updated_at = ?
       WHERE id = ? AND status = 'PAYMENT_PENDING'`,
      [now, now, id],
    )
  }

  /** The lowest nonce of `from` above every one a stored delivery holds. */
  async nextNonce(from: string): Promise<number> {
    const row = await this.db.get<{ nonce: number | null }>(
      'SELECT MAX(tx_nonce) AS nonce FROM onramp_orders WHERE tx_from = ?',
      [from.toLowerCase()],
    )
    return row?.nonce === null || row?.nonce === undefined ? 0 : Number(row.nonce) + 1
  }

  /**
   * Stores the order's signed delivery and moves it PAYMENT_COMPLETE → DELIVERING, in one statement, so an
   * order has at most one. `nonce-taken` when another order holds the nonce (the unique index refused it).
   */
  async storeDelivery(
    id: string,
    signed: SignedDelivery,
    now: number,
  ): Promise<'stored' | 'nonce-taken' | 'not-due'> {
    const from = signed.from.toLowerCase()
    try {
      const changed = await this.db.run(
        `UPDATE onramp_orders SET status = 'DELIVERING', tx_from = ?, tx_nonce = ?, signed_tx = ?, tx_hash = ?,
           updated_at = ?
         WHERE id = ? AND status = 'PAYMENT_COMPLETE' AND signed_tx IS NULL`,
        [from, signed.nonce, signed.raw, signed.hash, now, id],
      )
      return changed === 1 ? 'stored' : 'not-due'
    } catch (error) {
      const holder = await this.db.get<{ id: string }>(
        'SELECT id FROM onramp_orders WHERE tx_from = ? AND tx_nonce = ?',
        [from, signed.nonce],
      )
      if (holder && holder.id !== id) return 'nonce-taken'
      throw error
    }
  }

  /**
   * Paid orders not yet delivered (PAYMENT_COMPLETE, or DELIVERING with the hash sent), oldest first: what
   * a start after a stop mid-delivery takes up again. At most `limit` at once.
   */
  async undelivered(limit: number): Promise<StoredOrder[]> {
    const rows = await this.db.all<OrderRow>(
      `SELECT * FROM onramp_orders WHERE status IN ('PAYMENT_COMPLETE', 'DELIVERING')
       ORDER BY created_at, id LIMIT ?`,
      [limit],
    )
    return rows.map(fromRow)
  }

  /**
   * Orders never paid within the checkout's life fail, which frees their place under the cap; so do
   * payments a stop interrupted between taking the card and recording its answer, which nothing would
   * ever move on otherwise (the card number is never kept, so the charge cannot be asked again).
   */
  async expireCheckouts(now: number): Promise<void> {
    await this.db.run(
      `UPDATE onramp_orders SET status = 'FAILED', failure_reason = 'Checkout expired', updated_at = ?
       WHERE status = 'CREATED' AND created_at <= ?`,
      [now, now - onrampLimits.checkoutLifeMs],
    )
    await this.db.run(
      `UPDATE onramp_orders SET status = 'FAILED', failure_reason = 'Payment interrupted; nothing was charged', updated_at = ?
       WHERE status = 'PAYMENT_PENDING' AND updated_at <= ?`,
      [now, now - onrampLimits.interruptedPaymentMs],
    )
  }

  /**
   * Deletes up to `limit` finished orders (COMPLETED or FAILED) that finished `onrampLimits.finishedKeptMs`
   * or more before `now`; resolves to how many went. A finished order never changes again, so its
   * `updated_at` is when it finished. The delivery nonces such an order held are spent on the chain (mined,
   * or taken by another transaction), so `nextNonce` no longer needs them.
   */
  async deleteFinished(now: number, limit: number): Promise<number> {
    const finishedBy = now - onrampLimits.finishedKeptMs
    // created_at is never later than updated_at: bounding both lets the (status, created_at) index find them.
    return this.db.run(
      `DELETE FROM onramp_orders WHERE id IN (
         SELECT id FROM onramp_orders
         WHERE status IN ('COMPLETED', 'FAILED') AND created_at <= ? AND updated_at <= ? LIMIT ?)`,
      [finishedBy, finishedBy, limit],
    )
  }

  /**
   * What an earlier request already made of `input`'s quote or Idempotency-Key (its order, or why this one
   * is refused), else undefined: the request would make a new order.
   */
  async earlier(input: NewOrder): Promise<CreateOutcome | undefined> {
    if (input.idempotencyKey !== undefined) {
      const row = await this.db.get<OrderRow>(
        'SELECT * FROM onramp_orders WHERE project_id = ? AND idempotency_key = ?',
        [input.terms.projectId, input.idempotencyKey],
      )
      if (row)
        return row.request_hash === input.requestHash
          ? { kind: 'existing', order: fromRow(row) }
          : { kind: 'idempotency-conflict' }
    }
    const byQuote = await this.findByQuote(input.terms, input.quoteId)
    if (!byQuote) return undefined
    // Without a key the quote names the order; a second key for one quote is another purchase.
    return input.idempotencyKey === undefined || byQuote.idempotencyKey === null
      ? { kind: 'existing', order: byQuote }
      : { kind: 'quote-used' }
  }
}

function fromRow(row: OrderRow): StoredOrder {
  return {
    id: row.id,
    projectId: row.project_id,
    quoteId: row.quote_id,
    idempotencyKey: row.idempotency_key,
    requestHash: row.request_hash,
    address: row.address,
    chainId: Number(row.chain_id),
    currency: row.currency,
    purchaseUnits: BigInt(row.purchase_units),
    paymentCurrency: row.payment_currency,
    paymentMethod: row.payment_method === 'ach_bank_account' ? 'ach_bank_account' : 'card',
    paymentCents: BigInt(row.payment_cents),
    status: statusOf(row.status),
    txHash: row.tx_hash,
    delivery:
      row.signed_tx !== null && row.tx_from !== null && row.tx_nonce !== null && row.tx_hash !== null
        ? {
            from: getAddress(row.tx_from),
            nonce: Number(row.tx_nonce),
            raw: row.signed_tx as Hex,
            hash: row.tx_hash as Hex,
          }
        : null,
    failureReason: row.failure_reason,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  }
}
