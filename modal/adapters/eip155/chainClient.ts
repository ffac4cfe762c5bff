import { type Client, createClient, http } from 'viem'
import { WalletError } from '../../controllers/errors.js'
import { type HostedRpc, rpcUrlFor } from '../../networks/hostedRpc.js'
import type { CaipNetwork, EvmNetwork } from '../../networks/types.js'

/** CONST-13: an HTTP request to the chain's RPC gives up after 10 s. */
export const chainHttpTimeoutMs = 10_000
/** CONST-14: requests made together go out as one JSON-RPC batch of at most this many. */
export const chainBatchSize = 1000
/** CONST-17: a failed request is retried 6 times, waiting 200 ms and doubling (200 … 6400 ms). */
export const chainRetryCount = 6
export const chainRetryDelayMs = 200
/** CONST-16: a wait for a receipt through the chain client gives up after 180000 ms. */
export const chainReceiptTimeoutMs = 180_000
/** CONST-15: one multicall carries at most 1024 bytes of call data; more reads go out as several. */
export const multicallBatchBytes = 1024

/**
 * The client the modal reads a chain through: a bare viem client (no public actions: they would bring
 * ~25 KB gzip into first load). It reads a chain on the hosted list through the hosted RPC when the app
 * configured one and has a project id (CONST-27), else through the network's own RPC. ERR-49: with neither there is no client.
 */
export function createChainClient(network: CaipNetwork, hosted: HostedRpc = {}): Client {
  const url = rpcUrlFor(network, hosted)
  if (!url) throw new WalletError('RPC_URL_MISSING', undefined, network.caipNetworkId)
  return createClient({
    // The eip155 adapter's networks: their ids are numbers, as viem's chains.
    chain: network as EvmNetwork,
    // Deployless: the Multicall3 code rides along in the eth_call, so chains without it deployed work too.
    batch: { multicall: { batchSize: multicallBatchBytes, deployless: true } },
    transport: http(url, {
      timeout: chainHttpTimeoutMs,
      retryCount: chainRetryCount,
      retryDelay: chainRetryDelayMs,
      batch: { batchSize: chainBatchSize },
    }),
  })
}
