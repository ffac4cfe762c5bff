import { describe, expect, it } from 'vitest'
import { fetchActivity, MAX_AMOUNT_LENGTH, MAX_TOKEN_ID_LENGTH } from '../../../modal/api/activity.js'
import { fakeApi } from '../support/fakeApi.js'
import { alice, bob } from '../support/kit.js'

const item = {
  id: '12:0',
  hash: `0x${'ab'.repeat(32)}`,
  blockNumber: 12,
  timestamp: 1_700_000_000,
  status: 'confirmed',
  direction: 'out',
  from: alice,
  to: bob,
  kind: 'native',
  amount: '1.5',
}

describe('activity client', () => {
  it('asks /v1/activity for the address, network, cursor and limit and reads a page', async () => {
    const { api, requests } = fakeApi(() => ({ data: [item], next: 'c2' }))
    const page = await fetchActivity(api, {
      address: alice,
      caipNetworkId: 'eip155:31337',
      cursor: 'c1',
      limit: 20,
    })
    expect(page).toEqual({ data: [item], next: 'c2' })
    expect(requests).toEqual([
      {
        path: '/v1/activity',
        query: { address: alice, caipNetworkId: 'eip155:31337', cursor: 'c1', limit: '20' },
      },
    ])
  })

  it('refuses an answer whose transfer has no transaction hash or an unknown direction', async () => {
    const query = { address: alice, caipNetworkId: 'eip155:31337' }
    await expect(
      fetchActivity(fakeApi(() => ({ data: [{ ...item, hash: 'javascript:1' }], next: null })).api, query),
    ).rejects.toThrow()
    await expect(
      fetchActivity(fakeApi(() => ({ data: [{ ...item, direction: 'sideways' }], next: null })).api, query),
    ).rejects.toThrow()
  })

  it('reads a Bitcoin page: txids, regtest and mainnet addresses, pending rows without a block, the fee', async () => {
    const payer = 'bcrt1q2l6f5vcxgwz5r8kwks8mwlzeyms0d6h3qlhn5m'
    const payee = 'bcrt1pmfr3p9j00pfxjh0zmgp99y8zftmd3s5pmedqhyptwy6lm87hf5ssxdsczv'
    const pending = {
      id: `${'cd'.repeat(32)}:native`,
      hash: 'cd'.repeat(32),
      blockNumber: null,
      timestamp: 1_700_000_000,
      status: 'pending',
      direction: 'out',
      from: payer,
      to: payee,
      kind: 'native',
      amount: '0.0007',
      fee: '0.000005',
    }
    const received = {
      ...pending,
      blockNumber: 2,
      status: 'confirmed',
      direction: 'in',
      from: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      to: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    }
    const query = { address: payer, caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328' }
    const page = await fetchActivity(
      fakeApi(() => ({ data: [pending, received], next: 'cd'.repeat(32) })).api,
      query,
    )
    expect(page.data).toEqual([pending, received])
    // A txid is lowercase hex as Esplora writes it; a bech32 address is never mixed case.
    await expect(
      fetchActivity(
        fakeApi(() => ({ data: [{ ...pending, hash: 'C0'.repeat(32) }], next: null })).api,
        query,
      ),
    ).rejects.toThrow()
    await expect(
      fetchActivity(
        fakeApi(() => ({
          data: [{ ...pending, to: 'bcrt1Q2l6f5vcxgwz5r8kwks8mwlzeyms0d6h3qlhn5m' }],
          next: null,
        })).api,
        query,
      ),
    ).rejects.toThrow()
  })

  it('refuses a page with a time no date has: the Activity tab wrote it as an ISO date and threw', async () => {
    const query = { address: alice, caipNetworkId: 'eip155:31337' }
    for (const timestamp of [1e15, -1e15])
      await expect(
        fetchActivity(fakeApi(() => ({ data: [{ ...item, timestamp }], next: null })).api, query),
      ).rejects.toThrow()
  })

  it('leaves out the transfers of a token whose name or symbol holds a bidi override or an invisible character', async () => {
    const query = { address: alice, caipNetworkId: 'eip155:31337' }
    const token = { address: bob, name: 'Test USD', symbol: 'tUSD', decimals: 6 }
    const shown = { ...item, id: '12:1', kind: 'erc20', token }
    // Anyone can send an address a token: a U+202E symbol would reverse the amount written before it.
    const page = await fetchActivity(
      fakeApi(() => ({
        data: [
          item,
          shown,
          { ...shown, id: '12:2', token: { ...token, symbol: 'DSU\u202e' } },
          { ...shown, id: '12:3', token: { ...token, name: 'Test\u200bUSD' } },
        ],
        next: 'c2',
      })).api,
      query,
    )
    expect(page).toEqual({ data: [item, shown], next: 'c2' })
  })

  it('shortens an over-long token id to a bounded one ending in an ellipsis, keeping the transfer', async () => {
    const query = { address: alice, caipNetworkId: 'eip155:31337' }
    const token = { address: bob, name: 'Test Art', symbol: 'tART', decimals: 0 }
    const nft = { ...item, kind: 'erc721', amount: '1', token, tokenId: '7'.repeat(1_000_000) }
    const page = await fetchActivity(fakeApi(() => ({ data: [nft], next: null })).api, query)
    expect(page.data).toEqual([{ ...nft, tokenId: `${'7'.repeat(MAX_TOKEN_ID_LENGTH - 1)}…` }])
  })

  it('keeps a token id as long as a uint256 written out whole', async () => {
    const query = { address: alice, caipNetworkId: 'eip155:31337' }
    const tokenId = (2n ** 256n - 1n).toString()
    const page = await fetchActivity(
      fakeApi(() => ({ data: [{ ...item, kind: 'erc721', tokenId }], next: null })).api,
      query,
    )
    expect(page.data[0]?.tokenId).toBe(tokenId)
  })

  it('treats an amount or fee longer than any chain writes as absent, keeping the transfer', async () => {
    const query = { address: alice, caipNetworkId: 'eip155:31337' }
    const long = '9'.repeat(1_000_000)
    const page = await fetchActivity(
      fakeApi(() => ({ data: [{ ...item, amount: long, fee: long }], next: null })).api,
      query,
    )
    expect(page.data).toEqual([{ ...item, amount: undefined, fee: undefined }])
  })

  it('keeps the longest amount a chain writes: a uint256 with 255 decimals', async () => {
    const query = { address: alice, caipNetworkId: 'eip155:31337' }
    const amount = `0.${'9'.repeat(255)}`
    expect(amount).toHaveLength(MAX_AMOUNT_LENGTH)
    const page = await fetchActivity(fakeApi(() => ({ data: [{ ...item, amount }], next: null })).api, query)
    expect(page.data[0]?.amount).toBe(amount)
  })
})
