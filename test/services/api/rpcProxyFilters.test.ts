import { describe, expect, it } from 'vitest'
import { ApiChains, localApiChain } from '../../../services/api/chains/index.js'
import type { ApiRequest } from '../../../services/api/http/types.js'
import { FILTER_TTL_MS } from '../../../services/api/rpcProxy/filterOwners.js'
import { type RpcUpstream, rpcProxyRoutes } from '../../../services/api/rpcProxy/index.js'
import { routeDeps } from './support/routeHarness.js'

type Sent = { jsonrpc: '2.0'; id: number; method: string; params?: unknown[] }
type Answer = { jsonrpc: '2.0'; id: unknown; result?: unknown; error?: { code: number; message: string } }

/** A node that keeps filters as geth does: ids it hands out, shared by whoever names them. */
class FilterNode implements RpcUpstream {
  readonly filters = new Set<string>()
  #next = 0
  async post(_url: string, body: string): Promise<string> {
    const sent = JSON.parse(body) as Sent | Sent[]
    return JSON.stringify(Array.isArray(sent) ? sent.map((each) => this.#answer(each)) : this.#answer(sent))
  }
  #answer({ id, method, params = [] }: Sent): Answer {
    const filterId = String(params[0])
    if (method.startsWith('eth_new')) {
      const made = `0x${(++this.#next).toString(16)}`
      this.filters.add(made)
      return { jsonrpc: '2.0', id, result: made }
    }
    if (method === 'eth_uninstallFilter') return { jsonrpc: '2.0', id, result: this.filters.delete(filterId) }
    if (!this.filters.has(filterId))
      return { jsonrpc: '2.0', id, error: { code: -32000, message: 'filter not found' } }
    return { jsonrpc: '2.0', id, result: [`changes of ${filterId}`] }
  }
}

const call = (id: number, method: string, params: unknown[] = []) => ({ jsonrpc: '2.0', id, method, params })

/** A request to the proxy from `client` (its address) with `body`. */
const from = (client: string, body: unknown): ApiRequest => {
  const query: Record<string, string> = { chainId: 'eip155:31337', projectId: 'p1' }
  return {
    query: ((name?: string) => (name === undefined ? query : query[name])) as ApiRequest['query'],
    header: () => 'application/json',
    text: async () => JSON.stringify(body),
    client: () => client,
  }
}

async function filterProxy(filtersPerClient?: number) {
  const clock = { now: 5_000_000 }
  const node = new FilterNode()
  const chains = new ApiChains([
    localApiChain({ rpcUrl: 'http://127.0.0.1:1', testUsd: `0x${'01'.repeat(20)}` }),
  ])
  const deps = await routeDeps(clock)
  const [proxy] = rpcProxyRoutes({
    ...deps,
    chains,
    upstream: node,
    limits: { requestsPerMinute: 100_000, callsPerMinute: 100_000 },
    ...(filtersPerClient === undefined ? {} : { filtersPerClient }),
  })
  if (!proxy) throw new Error('no proxy route')
  const send = async (client: string, body: unknown) =>
    (await proxy.answer(from(client, body))) as Answer & Answer[]
  return { node, clock, send }
}

const alice = '198.51.100.7'
const mallory = '203.0.113.9'

describe('RPC proxy filters are bound to the client that made them', () => {
  it('lets only the client that made a filter read or uninstall it; to any other it is an unknown filter', async () => {
    const { node, send } = await filterProxy()
    for (const method of ['eth_newFilter', 'eth_newBlockFilter', 'eth_newPendingTransactionFilter']) {
      const made = await send(alice, call(1, method, method === 'eth_newFilter' ? [{}] : []))
      const filterId = made.result as string
      for (const read of ['eth_getFilterChanges', 'eth_getFilterLogs', 'eth_uninstallFilter'])
        expect(await send(mallory, call(2, read, [filterId]))).toEqual({
          jsonrpc: '2.0',
          id: 2,
          error: { code: -32000, message: 'filter not found' },
        })
      expect(node.filters.has(filterId)).toBe(true)
      expect((await send(alice, call(3, 'eth_getFilterChanges', [filterId]))).result).toEqual([
        `changes of ${filterId}`,
      ])
      expect((await send(alice, call(4, 'eth_uninstallFilter', [filterId]))).result).toBe(true)
      expect(node.filters.has(filterId)).toBe(false)
      expect((await send(alice, call(5, 'eth_getFilterChanges', [filterId]))).error?.message).toBe(
        'filter not found',
      )
    }
  })

  it('caps the live filters one client holds, a batch included, and frees a slot on uninstall', async () => {
    const { node, send } = await filterProxy(3)
    const made = await send(
      alice,
      [1, 2, 3, 4].map((id) => call(id, 'eth_newBlockFilter')),
    )
    expect(made.map((answer) => answer.result ?? answer.error?.code)).toEqual(['0x1', '0x2', '0x3', -32005])
    expect(made[3]?.error?.message).toMatch(/^Limit exceeded: at most 3 live filters per client/)
    expect(node.filters.size).toBe(3)
    expect((await send(mallory, call(5, 'eth_newBlockFilter'))).result).toBe('0x4')
    await send(alice, call(6, 'eth_uninstallFilter', ['0x2']))
    expect((await send(alice, call(7, 'eth_newBlockFilter'))).result).toBe('0x5')
  })

  it('forgets a filter left unused for the TTL, giving its slot back, while one polled stays the client’s', async () => {
    const { clock, send } = await filterProxy(2)
    await send(alice, [call(1, 'eth_newBlockFilter'), call(2, 'eth_newBlockFilter')])
    clock.now += FILTER_TTL_MS - 1
    expect((await send(alice, call(3, 'eth_getFilterChanges', ['0x1']))).result).toEqual(['changes of 0x1'])
    clock.now += 1
    expect((await send(alice, call(4, 'eth_getFilterChanges', ['0x2']))).error?.message).toBe(
      'filter not found',
    )
    expect((await send(alice, call(5, 'eth_newBlockFilter'))).result).toBe('0x3')
    expect((await send(alice, call(6, 'eth_getFilterChanges', ['0x1']))).result).toEqual(['changes of 0x1'])
  })
})
