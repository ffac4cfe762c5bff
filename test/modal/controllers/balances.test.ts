import { beforeAll, describe, expect, it } from 'vitest'
import { balanceCacheStorageKey } from '../../../modal/controllers/balanceCache.js'
import { loadTokenBalances } from '../../../modal/controllers/balances.js'
import type { KeyValue } from '../../../modal/controllers/context.js'
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

/** A page's storage in memory, whose whole contents a test can read. */
class PageStorage implements KeyValue {
  readonly #items = new Map<string, string>()

  getItem(key: string): string | null {
    return this.#items.get(key) ?? null
  }

  setItem(key: string, value: string): void {
    this.#items.set(key, value)
  }

  removeItem(key: string): void {
    this.#items.delete(key)
  }

  /** Every key and value held, as one text. */
  text(): string {
    return [...this.#items].flat().join('\n')
  }
}

type Instance = { projectId?: string; memory?: KeyValue }

function instance({ projectId, memory }: Instance) {
  return injectedKit({
    options: { networks: [anvil, anvil2], ...(projectId ? { projectId } : {}) },
    ...(memory ? { environment: { memory } } : {}),
  })
}

/**
 * Alice connected through an injected wallet; the native balance read (unreachable RPC) has settled. With
 * `memory`, the instance keeps its cache in that storage, as instances on one page share localStorage.
 */
async function connected(setup: Instance = {}) {
  const { kit, provider } = instance(setup)
  // An instance on a storage another has used tries its remembered wallet first.
  await kit.ready()
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

  it("a token whose name or symbol runs past a row (an airdrop's megabyte name) is neither kept nor written to the page's storage", async () => {
    const storage = new PageStorage()
    const { kit } = await connected({ memory: storage })
    // Anyone can send an address a token, and its contract names it: cached, a 4 MB name would take the
    // origin's storage from the host app.
    const huge = 'X'.repeat(4 * 1024 * 1024)
    const { api } = fakeApi(() => ({
      balances: [
        token('tUSD', '6'),
        { ...token('tETH', '18'), name: huge },
        token(`USDC${' '.repeat(200)}scam`, '6'),
        token('tBTC', '8'),
      ],
    }))
    const balances = await loadTokenBalances(kit.context, api, () => 1)
    expect(balances.map((b) => b.symbol)).toEqual(['tUSD', 'tBTC'])
    expect(storage.text().length).toBeLessThan(2_000)
  })

  it('BAL-04 the cache is keyed network:address: the same pair makes no request, another network or address does', async () => {
    const { kit, provider } = await connected()
    const { api, requests } = fakeApi(balancesOf)
    const keysAsked = () => requests.map(({ query }) => `${query.caipNetworkId}:${query.address}`)
    await loadTokenBalances(kit.context, api, () => 1_000)
    await loadTokenBalances(kit.context, api, () => 2_000)
    expect(keysAsked()).toEqual([`eip155:31337:${alice}`])

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
    kit.context.memory.setItem(
      balanceCacheStorageKey(undefined),
      JSON.stringify([{ key: `eip155:31337:${alice}`, at: 0, balances: [1] }]),
    )
    const { api, requests } = fakeApi(balancesOf)
    await loadTokenBalances(kit.context, api, () => 1)
    expect(requests).toHaveLength(1)
  })

  it('two instances with different project ids on one page each load their own balances', async () => {
    const storage = new PageStorage()
    const first = await connected({ projectId: 'project-one', memory: storage })
    const second = await connected({ projectId: 'project-two', memory: storage })
    const { api, requests } = fakeApi(balancesOf)
    await loadTokenBalances(first.kit.context, api, () => 1_000)
    await loadTokenBalances(second.kit.context, api, () => 2_000)
    expect(requests).toHaveLength(2)
  })

  it('a returning visitor sees the balances loaded less than 30 s ago at once, with no request', async () => {
    const storage = new PageStorage()
    const { api, requests } = fakeApi(balancesOf)
    const before = await connected({ projectId: 'project-one', memory: storage })
    await loadTokenBalances(before.kit.context, api, () => 1_000)
    const after = await connected({ projectId: 'project-one', memory: storage })
    const seen = loadingSeen(after.kit)
    const balances = await loadTokenBalances(after.kit.context, api, () => 20_000)
    expect(balances.map((b) => b.symbol)).toEqual(['tUSD'])
    expect(after.kit.store.get().account.tokenBalance).toEqual(balances)
    expect(seen).toEqual([])
    expect(requests).toHaveLength(1)
  })

  it('a list 30 s old is not kept: the next load, of any pair, sweeps it from storage', async () => {
    const storage = new PageStorage()
    const { kit, provider } = await connected({ memory: storage })
    const { api } = fakeApi(balancesOf)
    await loadTokenBalances(kit.context, api, () => 0)
    expect(storage.text()).toContain(`eip155:31337:${alice}`)
    provider.selectAccount(bob)
    await until(kit, (s) => s.account.address === bob)
    await loadTokenBalances(kit.context, api, () => 30_000)
    expect(storage.text()).not.toContain(`eip155:31337:${alice}`)
    expect(storage.text()).toContain(`eip155:31337:${bob}`)
  })

  it('at most 10 lists are kept, the most recently loaded', async () => {
    const storage = new PageStorage()
    const { kit, provider } = await connected({ memory: storage })
    const { api } = fakeApi(balancesOf)
    const addresses = Array.from({ length: 11 }, (_, i) => `0x${String(i + 1).padStart(40, '0')}`)
    for (const [i, address] of addresses.entries()) {
      provider.selectAccount(address)
      await until(kit, (s) => s.account.address === address)
      await loadTokenBalances(kit.context, api, () => 1_000 + i)
    }
    const [oldest, ...recent] = addresses
    expect(storage.text()).not.toContain(`eip155:31337:${oldest}`)
    for (const address of recent) expect(storage.text()).toContain(`eip155:31337:${address}`)
  })
})
