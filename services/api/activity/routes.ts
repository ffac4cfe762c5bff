import { Hono } from 'hono'
import { type Address, getAddress } from 'viem'
import { z } from 'zod'
import {
  type BitcoinApiChain,
  bitcoinAddressOf,
  bitcoinCaipNetworkIdOf,
  caipNetworkIdSchema,
  type EsploraClient,
  httpEsplora,
  isBitcoinNetwork,
  isSolanaAddress,
  isSolanaNetwork,
  type SolanaApiChain,
  SolanaRpc,
  solanaCaipNetworkIdOf,
} from '../chains/index.js'
import { ApiError } from '../http/apiError.js'
import { apiRequest } from '../http/clientAddress.js'
import type { RouteDeps } from '../http/types.js'
import { validQuery } from '../http/validate.js'
import { IndexFreshness, type IndexFreshnessOptions } from '../indexer/index.js'
import { requireFeature } from '../projects/requireFeature.js'
import { decodeCursor, newest } from './activityCursor.js'
import { listBitcoinActivity } from './bitcoinActivity.js'
import { listActivity } from './listActivity.js'
import { nftsHeldBy } from './nftHoldings.js'
import { type NftMetadataOptions, NftMetadataReader } from './nftMetadata.js'
import { listSolanaActivity } from './solanaActivity.js'

/** A chain the indexer follows, as these routes need it (an ApiChain fits). */
export type ActivityChain = { chainId: number; rpcUrl: string; nativeCurrency: { decimals: number } }

export type ActivityRouteOptions = {
  /** The chains the indexer serves; any other network is UNSUPPORTED_NETWORK. */
  chains: readonly ActivityChain[]
  /** The Solana clusters served: activity read from their RPC, no NFTs listed. */
  solanaChains?: readonly SolanaApiChain[]
  /** The Bitcoin networks served: activity read from their Esplora API, no NFTs listed. */
  bitcoinChains?: readonly BitcoinApiChain[]
  /** How a Bitcoin network's Esplora API is read; by default over HTTP at its `esploraUrl`. */
  esplora?: (chain: BitcoinApiChain) => EsploraClient
  nftMetadata?: Pick<NftMetadataOptions, 'allowedHosts' | 'localOrigins' | 'maxBytes' | 'timeoutMs' | 'ttlMs'>
  /** How long an answer waits for the index to hold the chain's head (defaults: up to 2 s). */
  indexFreshness?: IndexFreshnessOptions
}

/** Most NFTs one answer lists (the modal refuses more than 500). */
const maxNfts = 200

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'not an EVM address')
  .transform((value) => getAddress(value.toLowerCase()))
export const holderQuery = z.object({ address, caipNetworkId: caipNetworkIdSchema })
const limit = z
  .string()
  .regex(/^\d{1,3}$/, 'not a whole number')
  .transform(Number)
  .pipe(z.number().min(1).max(100))
  .optional()
export const activityQuery = holderQuery.extend({ cursor: z.string().max(64).optional(), limit })
const solanaHolderQuery = z.object({
  address: z.string().max(64).refine(isSolanaAddress, 'not a Solana address'),
  caipNetworkId: caipNetworkIdSchema,
})
// A Solana page's cursor is the signature it starts after (getSignaturesForAddress's `before`).
const solanaActivityQuery = solanaHolderQuery.extend({
  cursor: z
    .string()
    .regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'not a cursor this api gave')
    .optional(),
  limit,
})

// A Bitcoin address is checked against its network's prefixes once the network is known.
const bitcoinHolderQuery = z.object({ address: z.string().max(128), caipNetworkId: caipNetworkIdSchema })
// A Bitcoin page's cursor is the txid of the previous page's last row.
const bitcoinActivityQuery = bitcoinHolderQuery.extend({
  cursor: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'not a cursor this api gave')
    .optional(),
  limit,
})

/**
 * The query's network when it is a CAIP-2 id, else undefined: a malformed one then falls to the EVM
 * query's own 400 rather than reaching a Solana or Bitcoin lookup, whose refusal names the network it got.
 */
const networkOf = (request: Parameters<typeof validQuery>[0]) =>
  caipNetworkIdSchema.safeParse(request.query('caipNetworkId')).data

/**
 * `GET /v1/activity` (paged transfers, newest first) and `GET /v1/nfts` (holdings with metadata). For a
 * Solana cluster activity comes from its RPC, for a Bitcoin network from its Esplora API; on both the NFT
 * list is empty.
 */
export function activityRoutes(deps: RouteDeps & ActivityRouteOptions): Hono {
  const chains = new Map(deps.chains.map((chain) => [`eip155:${chain.chainId}`, chain]))
  const chainOf = (caipNetworkId: string) => {
    const chain = chains.get(caipNetworkId)
    if (!chain) throw new ApiError(400, 'UNSUPPORTED_NETWORK', `Unsupported network: ${caipNetworkId}`)
    return chain
  }
  const clusters = new Map<string, { chain: SolanaApiChain; rpc: SolanaRpc }>(
    (deps.solanaChains ?? []).map((chain) => [
      solanaCaipNetworkIdOf(chain),
      { chain, rpc: new SolanaRpc(chain.rpcUrl) },
    ]),
  )
  const clusterOf = (caipNetworkId: string) => {
    const cluster = clusters.get(caipNetworkId)
    if (!cluster) throw new ApiError(400, 'UNSUPPORTED_NETWORK', `Unsupported network: ${caipNetworkId}`)
    return cluster
  }
  // The network is checked before the address, as on the EVM path's unknown networks.
  const solanaActivity = async (request: Parameters<typeof validQuery>[0], caipNetworkId: string) => {
    const { chain, rpc } = clusterOf(caipNetworkId)
    const query = validQuery(request, solanaActivityQuery)
    try {
      return await listSolanaActivity(rpc, chain, {
        address: query.address,
        before: query.cursor,
        limit: query.limit ?? 20,
      })
    } catch (error) {
      deps.logger.warn('activity.chain_failed', { genesisHash: chain.genesisHash, error: String(error) })
      throw new ApiError(502, 'UPSTREAM_ERROR', 'The chain could not be read')
    }
  }
  const networks = new Map<string, { chain: BitcoinApiChain; esplora: EsploraClient }>(
    (deps.bitcoinChains ?? []).map((chain) => [
      bitcoinCaipNetworkIdOf(chain),
      { chain, esplora: deps.esplora?.(chain) ?? httpEsplora(chain.esploraUrl) },
    ]),
  )
  const bitcoinNetworkOf = (caipNetworkId: string) => {
    const network = networks.get(caipNetworkId)
    if (!network) throw new ApiError(400, 'UNSUPPORTED_NETWORK', `Unsupported network: ${caipNetworkId}`)
    return network
  }
  /** The holder's canonical address on `chain`'s network, or a 400. */
  const bitcoinHolder = (chain: BitcoinApiChain, address: string) => {
    const holder = bitcoinAddressOf(chain, address)
    if (holder === undefined)
      throw new ApiError(400, 'INVALID_REQUEST', 'address: not a Bitcoin address of this network')
    return holder
  }
  const bitcoinActivity = async (request: Parameters<typeof validQuery>[0], caipNetworkId: string) => {
    const { chain, esplora } = bitcoinNetworkOf(caipNetworkId)
    const query = validQuery(request, bitcoinActivityQuery)
    const address = bitcoinHolder(chain, query.address)
    try {
      return await listBitcoinActivity(esplora, {
        address,
        ...(query.cursor === undefined ? {} : { after: query.cursor }),
        limit: query.limit ?? 20,
        now: deps.now,
      })
    } catch (error) {
      if (error instanceof ApiError) throw error
      deps.logger.warn('activity.chain_failed', { genesisHash: chain.genesisHash, error: String(error) })
      throw new ApiError(502, 'UPSTREAM_ERROR', 'The chain could not be read')
    }
  }
  const metadata = new NftMetadataReader({ db: deps.db, now: deps.now, ...deps.nftMetadata })
  const freshness = new IndexFreshness(deps.db, deps.indexFreshness)
  return new Hono()
    .get('/v1/activity', async (c) => {
      requireFeature(await deps.project(apiRequest(c)), 'activity')
      const network = networkOf(c.req)
      if (network !== undefined && isSolanaNetwork(network))
        return c.json(await solanaActivity(c.req, network))
      if (network !== undefined && isBitcoinNetwork(network))
        return c.json(await bitcoinActivity(c.req, network))
      const query = validQuery(c.req, activityQuery)
      const chain = chainOf(query.caipNetworkId)
      await freshness.caughtUp(chain)
      const page = await listActivity(deps.db, {
        chainId: chain.chainId,
        address: query.address as Address,
        after: query.cursor === undefined ? newest : decodeCursor(query.cursor),
        limit: query.limit ?? 20,
        nativeDecimals: chain.nativeCurrency.decimals,
      })
      return c.json(page)
    })
    .get('/v1/nfts', async (c) => {
      await deps.project(apiRequest(c))
      const network = networkOf(c.req)
      if (network !== undefined && isSolanaNetwork(network)) {
        clusterOf(network)
        validQuery(c.req, solanaHolderQuery)
        return c.json({ data: [] })
      }
      if (network !== undefined && isBitcoinNetwork(network)) {
        bitcoinHolder(bitcoinNetworkOf(network).chain, validQuery(c.req, bitcoinHolderQuery).address)
        return c.json({ data: [] })
      }
      const query = validQuery(c.req, holderQuery)
      const chain = chainOf(query.caipNetworkId)
      await freshness.caughtUp(chain)
      const held = await nftsHeldBy(deps.db, {
        chainId: chain.chainId,
        address: query.address,
        limit: maxNfts,
      })
      const found = await metadata.metadataOf(
        held.map(({ token, tokenId }) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl, token, tokenId })),
      )
      return c.json({
        data: held.map(({ token, tokenId, collection }) => ({
          contract: getAddress(token),
          tokenId,
          collection,
          ...found.get(`${token}:${tokenId}`),
        })),
      })
    })
}
