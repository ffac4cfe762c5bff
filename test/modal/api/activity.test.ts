import { describe, expect, it } from 'vitest'
import { fetchActivity } from '../../../modal/api/activity.js'
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
})
