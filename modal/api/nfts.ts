import { showsAsWritten } from '@pairwise/common'
import * as z from 'zod/mini'
import { clipText } from '../ui/components/clipText.js'
import { shownAsWritten } from '../ui/components/shownAsWritten.js'
import { MAX_TOKEN_ID_LENGTH } from './activity.js'
import type { ApiClient } from './client.js'

/** Most NFTs one answer may list; a longer answer is refused rather than rendered. */
export const MAX_NFTS = 500

/**
 * Longest NFT name kept whole: as much as the api keeps of a metadata document's name
 * (services/api/activity/nftMetadata.ts).
 */
export const MAX_NFT_NAME_LENGTH = 200
/** Longest NFT description kept whole, as the api keeps it. */
export const MAX_NFT_DESCRIPTION_LENGTH = 2000

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
 * An NFT whose shown texts (name, collection, token id) would not show as written, or whose collection's
 * name or symbol is longer than a token's may be (shownAsWritten), is left out: anyone can send an address
 * an NFT, so refusing the answer would let them empty its NFTs tab. The token id, name and description are
 * the minter's to choose and only shown, so a longer one is cut (here rather than by `z.transform` in the
 * schema, which would grow the zod code every page loads: modal/swaps/wire.ts).
 */
export async function fetchNfts(api: ApiClient, query: NftsQuery): Promise<Nft[]> {
  const { data } = await api.get('/v1/nfts', query, nftsResponseSchema)
  return data
    .filter((nft) => shownAsWritten(nft.collection) && [nft.name ?? '', nft.tokenId].every(showsAsWritten))
    .map(({ tokenId, name, description, ...nft }) => ({
      ...nft,
      tokenId: clipText(tokenId, MAX_TOKEN_ID_LENGTH),
      ...(name === undefined ? {} : { name: clipText(name, MAX_NFT_NAME_LENGTH) }),
      ...(description === undefined
        ? {}
        : { description: clipText(description, MAX_NFT_DESCRIPTION_LENGTH) }),
    }))
}
