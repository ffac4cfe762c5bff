import { Hono } from 'hono'
import { z } from 'zod'
import { clientKey, HttpError, zodIssue } from '../kit/index.js'
import { addressScript } from './addressScript.js'
import { blockJson, statusJson, txJson } from './esploraJson.js'
import type { Block, RegtestLedger, TxRecord } from './ledger.js'
import { bitcoinLimits } from './limits.js'
import { TxRejection } from './rejection.js'

const hash = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits')
  .transform((value) => value.toLowerCase())
const height = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a block height')
  .transform(Number)

/** A path parameter parsed by `schema`, or a 400 naming it. */
function param<S extends z.ZodType>(value: string | undefined, name: string, schema: S): z.output<S> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new HttpError(400, zodIssue(parsed.error, name, name))
  return parsed.data
}

/** Esplora's fee-estimate targets, in blocks. */
const FEE_TARGETS = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 144, 504, 1008,
]

export type EsploraRouteOptions = {
  /** The minimum relay fee rate, sat/vB: every fee estimate on a chain mined on demand. */
  minFeeRate: number
}

/**
 * Esplora's HTTP API under `/api`, as Blockstream's and mempool.space's answer it (plain-text answers where
 * they give text): blocks, addresses, transactions, the mempool, fee estimates and `POST /api/tx`.
 */
export function esploraRoutes(ledger: RegtestLedger, options: EsploraRouteOptions): Hono {
  const knownTx = (txid: string): TxRecord => {
    const tx = ledger.tx(param(txid, 'txid', hash))
    if (!tx) throw new HttpError(404, 'Transaction not found')
    return tx
  }
  const text = (body: string) =>
    new Response(body, {
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    })
  return new Hono()
    .get('/api/blocks/tip/height', () => text(String(ledger.tip.height)))
    .get('/api/blocks/tip/hash', () => text(ledger.tip.hash))
    .get('/api/blocks/:start?', (c) => {
      const start = c.req.param('start')
      const from =
        start === undefined
          ? ledger.tip.height
          : Math.min(param(start, 'start_height', height), ledger.tip.height)
      const blocks = []
      for (let h = from; h >= 0 && blocks.length < 10; h--)
        blocks.push(blockJson(ledger, ledger.blockAt(h) as Block))
      return c.json(blocks)
    })
    .get('/api/block-height/:height', (c) => {
      const block = ledger.blockAt(param(c.req.param('height'), 'height', height))
      if (!block) throw new HttpError(404, 'Block not found')
      return text(block.hash)
    })
    .get('/api/block/:hash', (c) => c.json(blockJson(ledger, knownBlock(ledger, c.req.param('hash')))))
    .get('/api/block/:hash/txids', (c) => c.json(knownBlock(ledger, c.req.param('hash')).txids))
    .get('/api/block/:hash/status', (c) => {
      const block = knownBlock(ledger, c.req.param('hash'))
      const next = ledger.blockAt(block.height + 1)
      return c.json({ in_best_chain: true, height: block.height, next_best: next?.hash ?? null })
    })
    .get('/api/address/:address', (c) => {
      const address = c.req.param('address')
      const { chain, mempool } = ledger.addressStats(addressScript(address))
      return c.json({ address, chain_stats: chain, mempool_stats: mempool })
    })
    .get('/api/address/:address/utxo', (c) => {
      const utxos = ledger.utxosOf(addressScript(c.req.param('address')))
      if (utxos.length > bitcoinLimits.maxUtxosPerAnswer)
        throw new HttpError(400, `Too many unspent transaction outputs (>${bitcoinLimits.maxUtxosPerAnswer})`)
      return c.json(
        utxos.map((utxo) => ({
          txid: utxo.txid,
          vout: utxo.vout,
          status: statusJson(utxo.block),
          value: Number(utxo.value),
        })),
      )
    })
    .get('/api/address/:address/txs', (c) => {
      const { mempool, chain } = ledger.addressTxids(addressScript(c.req.param('address')))
      const listed = [
        ...mempool.slice(0, bitcoinLimits.mempoolTxsPerPage),
        ...chain.slice(0, bitcoinLimits.chainTxsPerPage),
      ]
      return c.json(listed.map((txid) => txJson(ledger.tx(txid) as TxRecord)))
    })
    .get('/api/address/:address/txs/mempool', (c) => {
      const { mempool } = ledger.addressTxids(addressScript(c.req.param('address')))
      return c.json(
        mempool.slice(0, bitcoinLimits.mempoolTxsPerPage).map((txid) => txJson(ledger.tx(txid) as TxRecord)),
      )
    })
    .get('/api/address/:address/txs/chain/:after?', (c) => {
      const { chain } = ledger.addressTxids(addressScript(c.req.param('address')))
      const after = c.req.param('after')
      const start = after === undefined ? 0 : chain.indexOf(param(after, 'last_seen_txid', hash)) + 1
      if (after !== undefined && start === 0)
        throw new HttpError(400, 'last_seen_txid: not a transaction of this address')
      return c.json(
        chain
          .slice(start, start + bitcoinLimits.chainTxsPerPage)
          .map((txid) => txJson(ledger.tx(txid) as TxRecord)),
      )
    })
    .get('/api/tx/:txid', (c) => c.json(txJson(knownTx(c.req.param('txid')))))
    .get('/api/tx/:txid/hex', (c) => text(Buffer.from(knownTx(c.req.param('txid')).raw).toString('hex')))
    .get('/api/tx/:txid/status', (c) => c.json(statusJson(knownTx(c.req.param('txid')).block)))
    .get('/api/mempool', (c) => {
      const txs = ledger.mempoolTxs()
      return c.json({
        count: txs.length,
        vsize: txs.reduce((sum, tx) => sum + Math.ceil(tx.weight / 4), 0),
        total_fee: txs.reduce((sum, tx) => sum + Number(tx.fee), 0),
        fee_histogram: [],
      })
    })
    .get('/api/mempool/txids', (c) => c.json(ledger.mempoolTxs().map((tx) => tx.txid)))
    .get('/api/fee-estimates', (c) =>
      c.json(Object.fromEntries(FEE_TARGETS.map((target) => [target, options.minFeeRate]))),
    )
    .get('/api/v1/fees/recommended', (c) => {
      const rate = options.minFeeRate
      return c.json({
        fastestFee: rate,
        halfHourFee: rate,
        hourFee: rate,
        economyFee: rate,
        minimumFee: rate,
      })
    })
    .post('/api/tx', async (c) => {
      const hex = (await c.req.text()).trim()
      const client = clientKey(c.get('clientAddress'))
      if (ledger.mempoolCountOf(client) >= bitcoinLimits.maxMempoolTxsPerClient)
        throw new HttpError(
          429,
          `At most ${bitcoinLimits.maxMempoolTxsPerClient} unconfirmed transactions per client; mine a block first`,
        )
      try {
        if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) throw new TxRejection(-22, 'TX decode failed')
        return text(ledger.accept(Uint8Array.from(Buffer.from(hex, 'hex')), client))
      } catch (error) {
        if (!(error instanceof TxRejection)) throw error
        // Esplora's answer to a refused broadcast: 400 with the node's RPC error as text.
        return new Response(error.esploraText, {
          status: 400,
          headers: { 'content-type': 'text/plain; charset=utf-8' },
        })
      }
    })
}

function knownBlock(ledger: RegtestLedger, hashParam: string | undefined) {
  const block = ledger.blockByHash(param(hashParam, 'hash', hash))
  if (!block) throw new HttpError(404, 'Block not found')
  return block
}
