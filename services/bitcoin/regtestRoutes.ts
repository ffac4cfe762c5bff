import { bytesToHex } from '@noble/hashes/utils.js'
import { Hono } from 'hono'
import { z } from 'zod'
import { validJsonText } from '../api/http/validate.js'
import { clientKey, HttpError, WindowBudget } from '../kit/index.js'
import { addressScript } from './addressScript.js'
import { statusJson } from './esploraJson.js'
import type { RegtestLedger } from './ledger.js'
import { bitcoinLimits } from './limits.js'

const faucetBody = z.strictObject({
  address: z.string().max(100),
  /** Satoshis, as a whole number (a JSON number or a decimal string). */
  sats: z
    .union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^\d{1,16}$/)])
    .transform(BigInt),
})

const mineBody = z.strictObject({
  blocks: z.number().int().min(1).max(bitcoinLimits.maxBlocksPerMine).default(1),
})

export type RegtestRouteOptions = {
  /** Milliseconds since the epoch; tests move it. */
  now(): number
}

/**
 * The test-only routes: `POST /regtest/faucet {address, sats}` mines a block whose coinbase pays the
 * address (confirmed at once), `POST /regtest/mine {blocks?}` confirms the mempool. Each has a budget per
 * client and the faucet one per address (see `bitcoinLimits`), answered 429 with `retry-after` past it.
 */
export function regtestRoutes(ledger: RegtestLedger, options: RegtestRouteOptions): Hono {
  const window = bitcoinLimits.budgetWindowMs
  const blocks = new WindowBudget(window, bitcoinLimits.maxTrackedBudgets)
  const clientSats = new WindowBudget(window, bitcoinLimits.maxTrackedBudgets)
  const addressSats = new WindowBudget(window, bitcoinLimits.maxTrackedBudgets)
  /** Refuses with 429 (or 503 when no more budgets can be tracked) unless `amount` fits `budget` for `key`. */
  const assertFits = (
    budget: WindowBudget,
    key: string,
    amount: bigint,
    limit: bigint,
    what: string,
    now: number,
  ) => {
    const left = budget.left(key, limit, now)
    if (left === undefined)
      throw new HttpError(503, 'The faucet tracks too many clients right now; try again later')
    if (amount > left) {
      const seconds = Math.max(1, Math.ceil((budget.resetsAt(key, now) - now) / 1000))
      throw new HttpError(
        429,
        `${what}: ${left} left of ${limit} per ${window / 60_000} minutes`,
        undefined,
        {
          'retry-after': String(seconds),
        },
      )
    }
  }
  return new Hono()
    .post('/regtest/faucet', async (c) => {
      const { address, sats } = validJsonText(await c.req.text(), faucetBody)
      const script = addressScript(address)
      // Counted by output script: one address written in upper and lower case is one payee.
      const payee = bytesToHex(script)
      if (sats < bitcoinLimits.minFaucetSats)
        throw new HttpError(400, `sats: at least ${bitcoinLimits.minFaucetSats}`)
      // More than an address may ever get in a window is a mistake in the request, not a budget spent.
      if (sats > bitcoinLimits.maxFaucetSatsPerAddressPerWindow)
        throw new HttpError(400, `sats: at most ${bitcoinLimits.maxFaucetSatsPerAddressPerWindow}`)
      const client = clientKey(c.get('clientAddress'))
      const now = options.now()
      assertFits(
        blocks,
        client,
        1n,
        BigInt(bitcoinLimits.maxBlocksPerClientPerWindow),
        'Blocks for this client',
        now,
      )
      assertFits(
        clientSats,
        client,
        sats,
        bitcoinLimits.maxFaucetSatsPerClientPerWindow,
        'Faucet sats for this client',
        now,
      )
      assertFits(
        addressSats,
        payee,
        sats,
        bitcoinLimits.maxFaucetSatsPerAddressPerWindow,
        'Faucet sats for this address',
        now,
      )
      blocks.take(client, 1n, now)
      clientSats.take(client, sats, now)
      addressSats.take(payee, sats, now)
      const paid = ledger.faucet(script, sats, now / 1000)
      return c.json({ txid: paid.txid, vout: paid.vout, value: Number(sats), status: statusJson(paid.block) })
    })
    .post('/regtest/mine', async (c) => {
      const body = (await c.req.text()).trim()
      const { blocks: count } = validJsonText(body === '' ? '{}' : body, mineBody)
      const client = clientKey(c.get('clientAddress'))
      const now = options.now()
      assertFits(
        blocks,
        client,
        BigInt(count),
        BigInt(bitcoinLimits.maxBlocksPerClientPerWindow),
        'Blocks for this client',
        now,
      )
      blocks.take(client, BigInt(count), now)
      const hashes = ledger.mine(count, now / 1000)
      return c.json({ height: ledger.tip.height, hashes })
    })
}
