import { describe, expect, it } from 'vitest'
import { MAX_TOKEN_ID_LENGTH } from '../../../modal/api/activity.js'
import {
  fetchNfts,
  MAX_NFT_DESCRIPTION_LENGTH,
  MAX_NFT_NAME_LENGTH,
  MAX_NFTS,
} from '../../../modal/api/nfts.js'
import { MAX_TOKEN_LABEL_LENGTH } from '../../../modal/ui/components/shownAsWritten.js'
import { fakeApi } from '../support/fakeApi.js'
import { alice } from '../support/kit.js'

const nft = {
  contract: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
  tokenId: '7',
  collection: { name: 'Test Pairs', symbol: 'tPAIR' },
  image: 'data:image/svg+xml,%3Csvg%2F%3E',
}
const query = { address: alice, caipNetworkId: 'eip155:31337' }

describe('nfts client', () => {
  it('asks /v1/nfts for the address and network and reads the holdings', async () => {
    const { api, requests } = fakeApi(() => ({ data: [nft] }))
    expect(await fetchNfts(api, query)).toEqual([nft])
    expect(requests).toEqual([{ path: '/v1/nfts', query }])
  })

  it(`refuses an answer without a collection or with more than ${MAX_NFTS} NFTs`, async () => {
    const { collection: _, ...bare } = nft
    await expect(fetchNfts(fakeApi(() => ({ data: [bare] })).api, query)).rejects.toThrow()
    const many = Array.from({ length: MAX_NFTS + 1 }, (_, i) => ({ ...nft, tokenId: String(i) }))
    await expect(fetchNfts(fakeApi(() => ({ data: many })).api, query)).rejects.toThrow()
  })

  it('leaves out an NFT whose name, collection or token id holds a bidi override or an invisible character', async () => {
    // Anyone can send an address an NFT, named as they like.
    const hidden = [
      { ...nft, tokenId: '8', name: 'Pair \u202e8#' },
      { ...nft, tokenId: '9', collection: { name: 'Test\u200bPairs', symbol: 'tPAIR' } },
      { ...nft, tokenId: '10', collection: { name: 'Test Pairs', symbol: 'tPA\u2066IR' } },
      { ...nft, tokenId: '11\u202e' },
    ]
    const { api } = fakeApi(() => ({ data: [nft, ...hidden] }))
    expect(await fetchNfts(api, query)).toEqual([nft])
  })

  it('shortens an over-long token id, name or description to a bounded one ending in an ellipsis, keeping the NFT', async () => {
    // An NFT's metadata is its minter's: the tab would otherwise show, and the page hold, whatever it says.
    const long = 'x'.repeat(1_000_000)
    const { api } = fakeApi(() => ({ data: [{ ...nft, tokenId: long, name: long, description: long }] }))
    expect(await fetchNfts(api, query)).toEqual([
      {
        ...nft,
        tokenId: `${'x'.repeat(MAX_TOKEN_ID_LENGTH - 1)}…`,
        name: `${'x'.repeat(MAX_NFT_NAME_LENGTH - 1)}…`,
        description: `${'x'.repeat(MAX_NFT_DESCRIPTION_LENGTH - 1)}…`,
      },
    ])
  })

  it('keeps whole a uint256 token id and a name and description as long as the api keeps them', async () => {
    const whole = {
      ...nft,
      tokenId: (2n ** 256n - 1n).toString(),
      name: 'n'.repeat(MAX_NFT_NAME_LENGTH),
      description: 'd'.repeat(MAX_NFT_DESCRIPTION_LENGTH),
    }
    expect(await fetchNfts(fakeApi(() => ({ data: [whole] })).api, query)).toEqual([whole])
  })

  it('leaves out an NFT whose collection name or symbol is longer than a token label may be', async () => {
    // The collection's name and symbol are its contract's, as a token's are.
    const label = 'P'.repeat(MAX_TOKEN_LABEL_LENGTH)
    const longest = { ...nft, collection: { name: label, symbol: label } }
    const over = `${label}P`
    const { api } = fakeApi(() => ({
      data: [
        longest,
        { ...nft, tokenId: '8', collection: { name: over, symbol: 'tPAIR' } },
        { ...nft, tokenId: '9', collection: { name: 'Test Pairs', symbol: over } },
      ],
    }))
    expect(await fetchNfts(api, query)).toEqual([longest])
  })
})
