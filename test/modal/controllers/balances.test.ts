import { beforeAll, describe, expect, it } from 'vitest'
import { loadTokenBalances } from '../../../modal/controllers/balances.js'
import type { AppKit } from '../../../modal/core/appKit.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import type { TokenBalance } from '../../../modal/state/types.js'
import { type ApiRequest, fakeApi } from '../support/fakeApi.js'
import { alice, anvilPair, bob, injectedKit, unreachableRpcUrl, until } from '../support/kit.js'

let anvil: CaipNetwork
let anvil2: CaipNetwork

beforeAll(async () => {
  ;[anvil, anvil2] = anvilPair(await unreachableRpcUrl())
})

function token(symbol: string, decimals: string, chainId = 'eip155:31337'): TokenBalance {
  return {
    name: `${symbol} token`,
    symbol,
    chainId,
    address: `${chainId}:0x5FbDB2315678afecb367f032d93F642f64180aa3`,
    value: 12.5,
    price: 1,
    quantity: { decimals, numeric: '12.5' },
    iconUrl: '',
  }
}

const balancesOf = ({ query }: ApiRequest) => ({ balances: [token('tUSD', '6', query.caipNetworkId)] })

/** Alice connected through an injected wallet; the native balance read (unreachable RPC) has settled. */
async function connected() {
  const { kit, provider } = injectedKit({ options: { networks: [anvil, anvil2] } })
  await kit.connect('injected')
  await until(kit, (s) => s.account.balanceError !== undefined, 10_000)
  return { kit, provider }
}

function loadingSeen(kit: AppKit): boolean[] {
  const seen: boolean[] = []
  kit.store.subscribe((state, previous) => {
    if (state.account.balanceLoading !== previous.account.balanceLoading)
      seen.push(state.account.balanceLoading)
  })
  return seen
}

describe('token balances (BAL)', () => {
  it('BAL-01 a load sets balanceLoading true then false and fills tokenBalance', async () => {
    const { kit } = await connected()
    const { api, requests } = fakeApi(balancesOf)
    const seen = loadingSeen(kit)
    const balances = await loadTokenBalances(kit.context, api, () => 1_000)
    expect(seen).toEqual([true, false])
    expect(balances.map((b) => b.symbol)).toEqual(['tUSD'])
    expect(kit.store.get().account).toMatchObject({ tokenBalance: balances, balanceLoading: false })
    expect(kit.store.get().account.lastRetry).toBeUndefined()
    expect(requests).toEqual([
      { path: '/v1/balances', query: { address: alice, caipNetworkId: 'eip155:31337' } },
    ])
  })

  it('BAL-01 a failed load sets balanceLoading true then false, records lastRetry and says Token Balance Unavailable', async () => {
    const { kit } = await connected()
    const { api } = fakeApi(() => new Error('Server Error'))
    const seen = loadingSeen(kit)
    expect(await loadTokenBalances(kit.context, api, () => 5_000)).toEqual([])
    expect(seen).toEqual([true, false])
    const state = kit.store.get()
    expect(state.account.lastRetry).toBe(5_000)
    expect(state.account.tokenBalance).toBeUndefined()
    expect(state.snackbar).toMatchObject({ severity: 'error', message: 'Token Balance Unavailable' })
  })

  it('BAL-01 an answer that is not the balances shape fails the load like an error', async () => {
    const { kit } = await connected()
    const { api } = fakeApi(() => ({ balances: [{ name: 'tUSD' }] }))
    expect(await loadTokenBalances(kit.context, api, () => 7)).toEqual([])
    expect(kit.store.get().account.lastRetry).toBe(7)
  })

  it('BAL-02 for 30 s after a failure a further load makes no request and returns []; from 30 s on it requests again', async () => {
    const { kit } = await connected()
    let failing = true
    const { api, requests } = fakeApi((request) => (failing ? new Error('down') : balancesOf(request)))
    await loadTokenBalances(kit.context, api, () => 100_000)
    expect(requests).toHaveLength(1)
    failing = false
    expect(await loadTokenBalances(kit.context, api, () => 100_000 + 29_999)).toEqual([])
    expect(requests).toHaveLength(1)
    expect(kit.store.get().account.balanceLoading).toBe(false)
    const later = await loadTokenBalances(kit.context, api, () => 100_000 + 30_000)
    expect(requests).toHaveLength(2)
    expect(later.map((b) => b.symbol)).toEqual(['tUSD'])
    expect(kit.store.get().account.lastRetry).toBeUndefined()
  })

  it('BAL-03 token balances with decimals 0 are dropped', async () => {
    const { kit } = await connected()
    const { api } = fakeApi(() => ({
      balances: [token('tUSD', '6'), token('POINTS', '0'), token('tETH', '18')],
    }))
    const balances = await loadTokenBalances(kit.context, api, () => 1)
    expect(balances.map((b) => b.symbol)).toEqual(['tUSD', 'tETH'])
    expect(kit.store.get().account.tokenBalance?.map((b) => b.symbol)).toEqual(['tUSD', 'tETH'])
  })

  it('a token whose name or symbol holds a bidi override or an invisible character is not kept', async () => {
    const { kit } = await connected()
    // Anyone can send an address a token: a U+202E symbol would reverse the quantity written after it.
    const { api } = fakeApi(() => ({
      balances: [
        token('tUSD', '6'),
        token('DSU\u202e', '6'),
        { ...token('tETH', '18'), name: 'Test\u200bEther' },
        token('tBTC', '8'),
      ],
    }))
    const balances = await loadTokenBalances(kit.context, api, () => 1)
    expect(balances.map((b) => b.symbol)).toEqual(['tUSD', 'tBTC'])
    expect(kit.store.get().account.tokenBalance?.map((b) => b.symbol)).toEqual(['tUSD', 'tBTC'])
  })

  it('BAL-04 the cache is keyed network:address: the same pair makes no request, another network or address does', async () => {
    const { kit, provider } = await connected()
    const { api, requests } = fakeApi(balancesOf)
    const keysAsked = () => requests.map(({ query }) => `${query.caipNetworkId}:${query.address}`)
    await loadTokenBalances(kit.context, api, () => 1_000)
    await loadTokenBalances(kit.context, api, () => 2_000)
    expect(keysAsked()).toEqual([`eip155:31337:${alice}`])
    expect(kit.context.memory.getItem(`pairwise:balances:eip155:31337:${alice}`)).not.toBeNull()

    provider.selectChain(31338)
    await until(kit, (s) => s.activeNetwork?.caipNetworkId === 'eip155:31338')
    await loadTokenBalances(kit.context, api, () => 3_000)
    expect(kit.store.get().account.tokenBalance?.[0]?.chainId).toBe('eip155:31338')

    provider.selectAccount(bob)
    await until(kit, (s) => s.account.address === bob)
    await loadTokenBalances(kit.context, api, () => 4_000)
    expect(keysAsked()).toEqual([`eip155:31337:${alice}`, `eip155:31338:${alice}`, `eip155:31338:${bob}`])

    provider.selectChain(31337)
    provider.selectAccount(alice)
    await until(kit, (s) => s.account.address === alice && s.activeNetwork?.caipNetworkId === 'eip155:31337')
    const cached = await loadTokenBalances(kit.context, api, () => 5_000)
    expect(cached[0]?.chainId).toBe('eip155:31337')
    expect(requests).toHaveLength(3)
  })

  it('a cached list is reused for 30 s, then asked for again', async () => {
    const { kit } = await connected()
    const { api, requests } = fakeApi(balancesOf)
    await loadTokenBalances(kit.context, api, () => 0)
    await loadTokenBalances(kit.context, api, () => 29_999)
    expect(requests).toHaveLength(1)
    await loadTokenBalances(kit.context, api, () => 30_000)
    expect(requests).toHaveLength(2)
  })

  it('a cache entry that is not a balance list is dropped and the balances are asked for', async () => {
    const { kit } = await connected()
    kit.context.memory.setItem(`pairwise:balances:eip155:31337:${alice}`, '{"at":0,"balances":[1]}')
    const { api, requests } = fakeApi(balancesOf)
    await loadTokenBalances(kit.context, api, () => 1)
    expect(requests).toHaveLength(1)
  })
})
