import * as z from 'zod/mini'
import { BitcoinError } from './errors.js'

/** What the adapter reads from a chain: the Esplora API (Blockstream's, mempool.space's, our local node's). */
export type EsploraClient = {
  utxos(address: string): Promise<Utxo[]>
  /** Confirmed and unconfirmed satoshis the address holds. */
  balance(address: string): Promise<bigint>
  transactions(address: string): Promise<BitcoinActivity[]>
  /** sat/vB for confirmation within about one block. */
  feeRate(): Promise<number>
  /** Broadcasts a raw transaction (hex); its txid. */
  broadcast(transactionHex: string): Promise<string>
}

export type Utxo = { txid: string; vout: number; value: bigint; confirmed: boolean }

/** One transaction touching an address: what it did to the address's balance. */
export type BitcoinActivity = {
  txid: string
  /** Satoshis in minus satoshis out, for this address (negative for a payment, fee included). */
  delta: bigint
  fee: bigint
  confirmed: boolean
  /** Seconds since the epoch, when confirmed. */
  blockTime?: number
}

const txid = z.string().check(z.regex(/^[0-9a-f]{64}$/))
const sats = z.number().check(z.int(), z.nonnegative())
const status = z.object({ confirmed: z.boolean(), block_time: z.optional(z.number()) })
const utxoList = z.array(
  z.object({ txid, vout: z.number().check(z.int(), z.nonnegative()), value: sats, status }),
)
const stats = z.object({ funded_txo_sum: sats, spent_txo_sum: sats })
const addressInfo = z.object({ chain_stats: stats, mempool_stats: stats })
const txList = z.array(
  z.object({
    txid,
    fee: sats,
    status,
    vin: z.array(
      z.object({
        prevout: z.nullable(z.object({ scriptpubkey_address: z.optional(z.string()), value: sats })),
      }),
    ),
    vout: z.array(z.object({ scriptpubkey_address: z.optional(z.string()), value: sats })),
  }),
)
/**
 * The highest fee rate a payment is built at, in sat/vB: Bitcoin Core's default -maxfeerate (0.10 BTC/kvB),
 * above which its sendrawtransaction refuses a transaction as a likely mistake.
 */
export const maxFeeRate = 10_000

// An estimate above Core's ceiling would have the wallet asked to sign away most of a coin in fee.
const feeEstimates = z.record(z.string(), z.number().check(z.positive(), z.maximum(maxFeeRate)))

/** The most an answer may be (a busy address's page of 25 transactions is far under it). */
const maxAnswerBytes = 4 * 1024 * 1024

/** An Esplora client on `baseUrl` (e.g. `https://mempool.space/api`, the local node's `…/api`). */
export function esploraClient(baseUrl: string, fetcher: typeof fetch = globalThis.fetch): EsploraClient {
  const base = baseUrl.replace(/\/+$/, '')
  const read = async (path: string, init?: RequestInit): Promise<string> => {
    let response: Response
    try {
      response = await fetcher(`${base}${path}`, init)
    } catch (error) {
      throw new BitcoinError('ESPLORA', error, `${path}: ${(error as Error).message}`)
    }
    const text = await response.text()
    if (text.length > maxAnswerBytes)
      throw new BitcoinError('ESPLORA', undefined, `${path}: answer too large`)
    if (!response.ok)
      throw new BitcoinError(
        init?.method === 'POST' ? 'BROADCAST_FAILED' : 'ESPLORA',
        undefined,
        `${response.status} ${text.slice(0, 500)}`,
      )
    return text
  }
  const json = async <T>(path: string, schema: z.ZodMiniType<T>): Promise<T> => {
    const text = await read(path)
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      throw new BitcoinError('ESPLORA', error, `${path}: not JSON`)
    }
    const result = z.safeParse(schema, value)
    if (!result.success)
      throw new BitcoinError('ESPLORA', result.error, `${path}: ${result.error.issues[0]?.message}`)
    return result.data
  }
  const path = (address: string) => `/address/${encodeURIComponent(address)}`
  return {
    async utxos(address) {
      const list = await json(`${path(address)}/utxo`, utxoList)
      return list.map((u) => ({
        txid: u.txid,
        vout: u.vout,
        value: BigInt(u.value),
        confirmed: u.status.confirmed,
      }))
    },
    async balance(address) {
      const { chain_stats: chain, mempool_stats: mempool } = await json(path(address), addressInfo)
      const held =
        BigInt(chain.funded_txo_sum) -
        BigInt(chain.spent_txo_sum) +
        BigInt(mempool.funded_txo_sum) -
        BigInt(mempool.spent_txo_sum)
      if (held < 0n)
        throw new BitcoinError('ESPLORA', undefined, `${path(address)}: spends more than it was paid`)
      return held
    },
    async transactions(address) {
      const list = await json(`${path(address)}/txs`, txList)
      return list.map((tx) => {
        const spent = tx.vin.reduce(
          (sum, input) =>
            input.prevout?.scriptpubkey_address === address ? sum + BigInt(input.prevout.value) : sum,
          0n,
        )
        const received = tx.vout.reduce(
          (sum, output) => (output.scriptpubkey_address === address ? sum + BigInt(output.value) : sum),
          0n,
        )
        return {
          txid: tx.txid,
          delta: received - spent,
          fee: BigInt(tx.fee),
          confirmed: tx.status.confirmed,
          ...(tx.status.block_time === undefined ? {} : { blockTime: tx.status.block_time }),
        }
      })
    },
    async feeRate() {
      const estimates = await json('/fee-estimates', feeEstimates)
      // The next block's estimate, else the nearest target given; never under Core's 1 sat/vB relay floor.
      const target = Object.keys(estimates)
        .map(Number)
        .filter(Number.isFinite)
        .sort((a, b) => a - b)[0]
      return Math.max(1, Math.ceil(target === undefined ? 1 : (estimates[String(target)] as number)))
    },
    async broadcast(transactionHex) {
      const text = (await read('/tx', { method: 'POST', body: transactionHex })).trim()
      return z.parse(txid, text)
    },
  }
}
