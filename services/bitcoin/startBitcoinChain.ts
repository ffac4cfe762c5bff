import type { Logger } from '@pairwise/common'
import { honoListener, noTrustedProxies, serve, type TrustedProxies } from '../kit/index.js'
import { isPortTaken, PortInUseError } from '../net/ports.js'
import { consoleLogger } from '../relay/index.js'
import { createBitcoinApp } from './bitcoinApp.js'
import { ChainFile } from './chainFile.js'
import { RegtestLedger } from './ledger.js'
import { bitcoinLimits } from './limits.js'
import { REGTEST_CAIP_NETWORK_ID, REGTEST_GENESIS_HASH } from './regtest.js'

/**
 * How often `pairwise bitcoin` and `pairwise start` mine a block while the mempool holds transactions: a
 * payment made in a page confirms by itself, and an idle chain grows no empty blocks.
 */
export const DEFAULT_MINE_EVERY_MS = 10_000

export type StartBitcoinOptions = {
  host: string
  /** 0 lets the OS pick; read it back from `url`. */
  port: number
  /** The chain is kept in `<dataDir>/bitcoin/regtest.json` and read back on start; none, it lives in memory only. */
  dataDir?: string
  /** Mines a block this often while the mempool holds transactions; default never (mine on demand). */
  mineEveryMs?: number
  /** Lowest fee rate relayed, in whole sat/vB; default 1. */
  minFeeRate?: number
  /** Env var that sets the port, named in the "port in use" error. */
  portEnv?: string
  /** Proxies whose X-Forwarded-For names the client the per-client caps count; default none. */
  trustProxy?: TrustedProxies
  /** Default warnings and errors on the console. */
  logger?: Logger
}

export type LocalBitcoin = {
  /** The server's root; Esplora's API is under `${url}/api`. */
  readonly url: string
  readonly genesisHash: string
  readonly caipNetworkId: typeof REGTEST_CAIP_NETWORK_ID
  /** The chain file, when kept on disk. */
  readonly file: string | undefined
  readonly ledger: RegtestLedger
  /** Stops the server and the mining timer, and waits for the chain file's last write. */
  close(): Promise<void>
}

/** Starts the regtest chain behind Esplora's HTTP API, with its chain read back from `dataDir` when kept. */
export async function startBitcoinChain(options: StartBitcoinOptions): Promise<LocalBitcoin> {
  const { host, port, minFeeRate = 1, dataDir } = options
  if (!Number.isInteger(minFeeRate) || minFeeRate < 1)
    throw new Error(`minFeeRate must be a whole number ≥ 1, got ${minFeeRate}`)
  if (port !== 0 && (await isPortTaken(port, host)))
    throw new PortInUseError('bitcoin', host, port, options.portEnv)
  const logger = options.logger ?? consoleLogger('warn')
  const ledger = new RegtestLedger({ minFeeRate, maxMempoolTxs: bitcoinLimits.maxMempoolTxs })
  const chainFile =
    dataDir === undefined ? undefined : new ChainFile(dataDir, () => ledger.snapshot(), logger)
  const saved = await chainFile?.load()
  if (saved) ledger.restore(saved)
  if (chainFile) ledger.onChange = () => chainFile.save()
  const app = createBitcoinApp(ledger, {
    minFeeRate,
    trustProxy: options.trustProxy ?? noTrustedProxies,
    logger,
    now: Date.now,
    readiness: {
      chainFile: () => {
        if (chainFile?.failure) throw chainFile.failure
      },
    },
  })
  const served = await serve(honoListener(app.fetch), {
    name: 'bitcoin',
    logger,
    errorFormat: 'json',
    host,
    port,
    // Against DNS rebinding: a page whose name is rebound to loopback must not drive the faucet or mining.
    names: [host],
    trustProxy: options.trustProxy ?? noTrustedProxies,
  })
  const timer =
    options.mineEveryMs === undefined
      ? undefined
      : setInterval(() => {
          if (ledger.mempoolSize > 0) ledger.mine(1, Date.now() / 1000)
        }, options.mineEveryMs)
  let closing: Promise<void> | undefined
  return {
    url: served.url,
    genesisHash: REGTEST_GENESIS_HASH,
    caipNetworkId: REGTEST_CAIP_NETWORK_ID,
    file: chainFile?.file,
    ledger,
    close() {
      closing ??= (async () => {
        clearInterval(timer)
        await served.close()
        await chainFile?.flush()
      })()
      return closing
    },
  }
}
