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
})
