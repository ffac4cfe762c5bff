import type { Server } from 'node:http'
import type { Logger } from '@pairwise/common'
import { closeServer, noTrustedProxies, serverUrl, type TrustedProxies, WindowBudget } from '../kit/index.js'
import { isPortTaken, PortInUseError } from '../net/ports.js'
import { consoleLogger } from '../relay/index.js'
import { installFixtures } from './fixtures.js'
import { isGenesisHash, LOCALNET_GENESIS_HASH } from './genesis.js'
import { listenRpcServer } from './httpServer.js'
import { SolanaLedger } from './ledger.js'
import { solanaLimits } from './limits.js'
import { loadLiteSvm } from './loadLiteSvm.js'
import { SolanaPubSub } from './pubsub.js'

export type StartSolanaOptions = {
  host: string
  /** JSON-RPC over HTTP (CORS as the real RPC). */
  port: number
  /** PubSub over WebSocket; default port + 1. */
  wsPort?: number
  /** base58 of 32 bytes; default a fixed local one, stable across restarts. */
  genesisHash?: string
  /** Fund test keys 0..3 and create the "Test USD" mint; default true. */
  fixtures?: boolean
  /** Env vars that set the ports, named in the "port in use" error. */
  portEnv?: string
  /** Proxies whose X-Forwarded-For names the client the RPC's and PubSub's per-client caps count; default none. */
  trustProxy?: TrustedProxies
  /** A PubSub connection with no subscription for this long is closed; default `solanaLimits.wsIdleTimeoutMs`. */
  wsIdleTimeoutMs?: number
  /** Where malformed requests and failures are logged; default warnings and errors on the console. */
  logger?: Logger
}

export type LocalSolana = {
  rpcUrl: string
  wsUrl: string
  genesisHash: string
  caipNetworkId: `solana:${string}`
  /** The Test USD mint (classic Token program, 6 decimals); empty when started without fixtures. */
  testUsdMint: string
  /** Makes the current blockhash stale and moves the block height past its last valid height (tests of expiry). */
  expireBlockhash(): void
  close(): Promise<void>
}

/** Starts a litesvm chain behind JSON-RPC (port) and PubSub (wsPort, default port + 1). */
export async function startSolanaChain(options: StartSolanaOptions): Promise<LocalSolana> {
  const { host, port, wsPort = port + 1, genesisHash = LOCALNET_GENESIS_HASH, fixtures = true } = options
  if (!isGenesisHash(genesisHash))
    throw new Error(`A genesis hash is base58 of 32 bytes, got '${genesisHash}'`)
  for (const [part, taken] of [
    ['Solana RPC', port],
    ['Solana PubSub', wsPort],
  ] as const)
    if (await isPortTaken(taken, host)) throw new PortInUseError(part, host, taken, options.portEnv)
  const LiteSVM = await loadLiteSvm()
  const ledger = new SolanaLedger(new LiteSVM())
  const testUsdMint = fixtures ? await installFixtures(ledger) : ''
  const airdrops = new WindowBudget(solanaLimits.airdropWindowMs, solanaLimits.maxTrackedAirdropClients)
  const context = { ledger, genesisHash, airdrops }
  const trustProxy = options.trustProxy ?? noTrustedProxies
  const logger = options.logger ?? consoleLogger('warn')
  // Its listen host is its one name beside loopback's and IP literals: another `Host` is a rebound page.
  const names = [host]
  const pubsub = new SolanaPubSub(context, {
    trustProxy,
    logger,
    idleTimeoutMs: options.wsIdleTimeoutMs ?? solanaLimits.wsIdleTimeoutMs,
    names,
  })
  let rpc: Server | undefined
  const close = async () => {
    await pubsub.close()
    await Promise.all([rpc && closeServer(rpc), closeServer(pubsub.server)])
  }
  try {
    rpc = await listenRpcServer(context, { trustProxy, logger }, { host, port, names })
    await pubsub.listen(wsPort, host)
  } catch (error) {
    await close()
    throw error
  }
  let closing: Promise<void> | undefined
  return {
    rpcUrl: serverUrl(host, port),
    wsUrl: serverUrl(host, wsPort, 'ws'),
    genesisHash,
    caipNetworkId: `solana:${genesisHash.slice(0, 32)}`,
    testUsdMint,
    expireBlockhash: () => ledger.expireBlockhash(),
    close: () => {
      closing ??= close()
      return closing
    },
  }
}
