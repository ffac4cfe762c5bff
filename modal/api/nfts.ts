import { showsAsWritten } from '@pairwise/common'
import * as z from 'zod/mini'
import type { ApiClient } from './client.js'

/** Most NFTs one answer may list; a longer answer is refused rather than rendered. */
export const MAX_NFTS = 500

const nftSchema = z.object({
  contract: z.string(),
  tokenId: z.string(),
  collection: z.object({ name: z.string(), symbol: z.string() }),
  name: z.optional(z.string()),
  description: z.optional(z.string()),
  image: z.optional(z.string()),
})

export const nftsResponseSchema = z.object({ data: z.array(nftSchema).check(z.maxLength(MAX_NFTS)) })

export type Nft = z.output<typeof nftSchema>

export type NftsQuery = { address: string; caipNetworkId: string }

/**
 * `GET /v1/nfts`: the NFTs `address` holds on the network, with their metadata when the contract has some.
 * An NFT whose shown texts (name, collection, token id) would not show as written is left out: anyone can
 * send an address an NFT, so refusing the answer would let them empty its NFTs tab.
 */
export async function fetchNfts(api: ApiClient, query: NftsQuery): Promise<Nft[]> {
  const { data } = await api.get('/v1/nfts', query, nftsResponseSchema)
  return data.filter((nft) =>
    [nft.name ?? '', nft.collection.name, nft.collection.symbol, nft.tokenId].every(showsAsWritten),
  )
}
