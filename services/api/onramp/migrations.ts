import type { Migrations } from '../db/index.js'

/**
 * The sandbox's orders, one per quote, optionally named by the client's
 * Idempotency-Key within its project together with the SHA-256 of what it asked (`request_hash`).
 * Amounts are decimal TEXT (token base units pass 2^53).
 *
 * Step 2 keys orders by the quote's nonce (`quote_nonce` unique), since one signed quote could be spelled
 * several ways and `quote_id` told those apart; rows from before it keep their quote id as the nonce.
 *
 * Step 3 records which client asked for each order (`client_key`: `clientBudgetKey`, the project and the
 * client's IP, IPv6 by its /64), so one client's orders awaiting payment are capped beneath the
 * project's; rows from before it have none and count only against the project.
 *
 * Step 4 keeps each delivery's transaction, signed at a nonce of the delivery key (`tx_from`, `tx_nonce`,
 * unique together so two orders never share a nonce) and stored (`signed_tx`, with its hash in `tx_hash`)
 * before it is broadcast: whoever settles the order later sends exactly that transaction again. Rows from
 * before it have none and are settled by their hash alone.
 *
 * Step 5 keeps the secret quote ids are signed with (`onramp_secrets`), so every api process on the database
 * opens the quotes another signed: behind a load balancer the quote and its order reach different processes.
 *
 * Step 6 stamps when each order was paid (`paid_at`): only paid orders are listed by address, as anyone may
 * order for any address and an unpaid one is nobody's purchase. Rows from before it count as paid when
 * their payment went through: past it by status, or failed with a delivery stored or with the one failure
 * left for a paid order that sent nothing ('Delivery failed').
 */
export const onrampMigrations: Migrations = {
  module: 'onramp',
  steps: [
    [
      `CREATE TABLE onramp_orders (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        quote_id TEXT NOT NULL UNIQUE,
        idempotency_key TEXT,
        request_hash TEXT NOT NULL,
        address TEXT NOT NULL,
        chain_id INTEGER NOT NULL,
        currency TEXT NOT NULL,
        purchase_units TEXT NOT NULL,
        payment_currency TEXT NOT NULL,
        payment_method TEXT NOT NULL,
        payment_cents TEXT NOT NULL,
        status TEXT NOT NULL,
        tx_hash TEXT,
        failure_reason TEXT,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        UNIQUE (project_id, idempotency_key)
      )`,
      'CREATE INDEX onramp_orders_address ON onramp_orders (project_id, address, created_at)',
      'CREATE INDEX onramp_orders_status ON onramp_orders (status, created_at)',
    ],
    [
      'ALTER TABLE onramp_orders ADD COLUMN quote_nonce TEXT',
      'UPDATE onramp_orders SET quote_nonce = quote_id',
      'CREATE UNIQUE INDEX onramp_orders_quote_nonce ON onramp_orders (quote_nonce)',
    ],
    [
      'ALTER TABLE onramp_orders ADD COLUMN client_key TEXT',
      'CREATE INDEX onramp_orders_client ON onramp_orders (client_key, status)',
    ],
    [
      'ALTER TABLE onramp_orders ADD COLUMN tx_from TEXT',
      'ALTER TABLE onramp_orders ADD COLUMN tx_nonce BIGINT',
      'ALTER TABLE onramp_orders ADD COLUMN signed_tx TEXT',
      'CREATE UNIQUE INDEX onramp_orders_tx_nonce ON onramp_orders (tx_from, tx_nonce)',
    ],
    ['CREATE TABLE onramp_secrets (name TEXT PRIMARY KEY, secret TEXT NOT NULL)'],
    [
      'ALTER TABLE onramp_orders ADD COLUMN paid_at BIGINT',
      `UPDATE onramp_orders SET paid_at = updated_at
       WHERE status IN ('PAYMENT_COMPLETE', 'DELIVERING', 'COMPLETED')
          OR (status = 'FAILED' AND (tx_hash IS NOT NULL OR failure_reason = 'Delivery failed'))`,
      // A listing walks the address's paid orders alone, however many unpaid ones strangers left there.
      `CREATE INDEX onramp_orders_paid_address ON onramp_orders (project_id, address, created_at)
       WHERE paid_at IS NOT NULL`,
    ],
  ],
}
