import { describe, expect, it } from 'vitest'
import { fetchNfts, MAX_NFTS } from '../../../modal/api/nfts.js'
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
})
