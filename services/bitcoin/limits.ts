import { COIN } from './regtest.js'

/**
 * Everything a client can make the local Bitcoin chain hold or do has a cap; the README lists them. Per
 * client means per client address (the first untrusted `X-Forwarded-For` hop behind a trusted proxy).
 */
export const bitcoinLimits = {
  /**
   * Largest request body, in bytes: a transaction of Core's largest standard weight (400,000 WU, so at
   * most 400,000 bytes) in hex, with room for whitespace. A larger body is answered 413.
   */
  maxBodyBytes: 800 * 1024 + 1024,
  /** Transactions the mempool holds; one more is refused with Core's `mempool full`. */
  maxMempoolTxs: 5000,
  /** Mempool transactions one client has broadcast and not yet seen mined; one more is answered 429. */
  maxMempoolTxsPerClient: 200,
  /** Blocks one `POST /regtest/mine` may ask for. */
  maxBlocksPerMine: 100,
  /** The window the per-client and per-address budgets below count in. */
  budgetWindowMs: 60 * 60 * 1000,
  /** Blocks one client may have mined (by `/regtest/mine` and by the faucet, one each) per window. */
  maxBlocksPerClientPerWindow: 2000,
  /** Satoshis the faucet pays one client per window, across every address it names. */
  maxFaucetSatsPerClientPerWindow: 1000n * COIN,
  /** Satoshis the faucet pays one address per window, whoever asks. */
  maxFaucetSatsPerAddressPerWindow: 100n * COIN,
  /** Least one faucet payment may be: above the dust threshold of every output kind. */
  minFaucetSats: 1000n,
  /** Budgets (clients and addresses) tracked at once; past it, after dropping expired ones, the faucet answers 503. */
  maxTrackedBudgets: 100_000,
  /** Unspent outputs one `GET /address/:a/utxo` lists; an address with more is answered 400, as Esplora does. */
  maxUtxosPerAnswer: 500,
  /** Confirmed transactions per page of `GET /address/:a/txs` (Esplora's 25). */
  chainTxsPerPage: 25,
  /** Mempool transactions `GET /address/:a/txs` lists (Esplora's 50). */
  mempoolTxsPerPage: 50,
} as const
