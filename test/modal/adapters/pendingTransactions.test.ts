import type { Hex } from 'viem'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { Eip155Adapter, watchPendingByDefault } from '../../../modal/adapters/eip155/eip155Adapter.js'
import {
  pendingLimit,
  pendingPollMs,
  watchPendingTransactions,
} from '../../../modal/adapters/eip155/pendingTransactions.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import { FakeProvider } from '../support/fakeProvider.js'
import { alice, anvilPair, createKit } from '../support/kit.js'
import { createPage } from '../support/page.js'

let anvil: CaipNetwork

beforeAll(() => {
  ;[anvil] = anvilPair('http://rpc.invalid/')
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/** Lets a fetch answer be read: 50 ms of real work the fake clock does not drive. */
async function settle(): Promise<void> {
  const start = vi.getRealSystemTime()
  while (vi.getRealSystemTime() - start < 50) await new Promise((resolve) => setImmediate(resolve))
}

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex

/** A chain that answers the pending filter from `batches`, one batch of hashes per read of its changes. */
function fakeChain(batches: Hex[][]) {
  const calls: { method: string; params: unknown[] }[] = []
  const read = async (method: string, params: unknown[]) => {
    calls.push({ method, params })
    if (method === 'eth_newPendingTransactionFilter') return '0xf1'
    if (method === 'eth_getFilterChanges') return batches.shift() ?? []
    return null
  }
  return { calls, read, methods: () => calls.map((c) => c.method) }
}

describe('pending-transaction watching (§7, §9)', () => {
  it('CALL-05 CONST-04 a pending-transaction filter is made, then its changes are read every 30000 ms', async () => {
    expect(pendingPollMs).toBe(30_000)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const chain = fakeChain([[hash(1), hash(2)], [hash(3)]])
    const seen: Hex[][] = []
    const watch = watchPendingTransactions(chain.read, { onTransactions: (hashes) => seen.push(hashes) })
    await vi.advanceTimersByTimeAsync(0)
    expect(chain.methods()).toEqual(['eth_newPendingTransactionFilter'])
    await vi.advanceTimersByTimeAsync(29_999)
    expect(chain.methods()).toEqual(['eth_newPendingTransactionFilter'])
    await vi.advanceTimersByTimeAsync(1)
    expect(chain.calls.at(-1)).toEqual({ method: 'eth_getFilterChanges', params: ['0xf1'] })
    expect(seen).toEqual([[hash(1), hash(2)]])
    await vi.advanceTimersByTimeAsync(30_000)
    expect(seen).toEqual([[hash(1), hash(2)], [hash(3)]])
    expect(watch.tracked()).toEqual([hash(1), hash(2), hash(3)])
    watch.stop()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(chain.methods().filter((m) => m === 'eth_getFilterChanges')).toHaveLength(2)
    expect(chain.methods().at(-1)).toBe('eth_uninstallFilter')
  })

  it('CONST-05 at most 100 pending transactions are tracked; those beyond it are not', async () => {
    expect(pendingLimit).toBe(100)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const first = Array.from({ length: 150 }, (_, i) => hash(i))
    const later = Array.from({ length: 10 }, (_, i) => hash(1000 + i))
    const chain = fakeChain([first, later])
    const seen: Hex[][] = []
    const watch = watchPendingTransactions(chain.read, { onTransactions: (hashes) => seen.push(hashes) })
    await vi.advanceTimersByTimeAsync(pendingPollMs)
    expect(seen).toEqual([first.slice(0, 100)])
    expect(watch.tracked()).toEqual(first.slice(0, 100))
    await vi.advanceTimersByTimeAsync(pendingPollMs)
    expect(seen.at(-1)).toEqual(later)
    expect(watch.tracked()).toEqual([...first.slice(10, 100), ...later])
    watch.stop()
  })

  describe('through the eip155 adapter', () => {
    /** Answers the modal's chain reads in place of the RPC, recording each method. */
    function fakeRpc(pending: Hex[]) {
      const methods: string[] = []
      vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
        const calls = [JSON.parse(String(init?.body))].flat() as { id: number; method: string }[]
        const answers = calls.map(({ id, method }) => {
          methods.push(method)
          const result =
            method === 'eth_newPendingTransactionFilter'
              ? '0xf1'
              : method === 'eth_getFilterChanges'
                ? pending.splice(0)
                : '0x0'
          return { jsonrpc: '2.0', id, result }
        })
        return new Response(JSON.stringify(answers), { headers: { 'content-type': 'application/json' } })
      })
      return methods
    }

    const kitWith = (adapter: Eip155Adapter) =>
      createKit({
        options: { networks: [anvil], adapters: [adapter] },
        environment: {
          target: createPage(new FakeProvider({ accounts: [alice], chainId: Number(anvil.id) })),
        },
      })

    it('CONST-03 pending-transaction watching is off by default', async () => {
      expect(watchPendingByDefault).toBe(false)
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
      const methods = fakeRpc([hash(7)])
      const adapter = new Eip155Adapter()
      await kitWith(adapter).connect('injected')
      await vi.advanceTimersByTimeAsync(3 * pendingPollMs)
      expect(methods).toContain('eth_getBalance')
      expect(methods).not.toContain('eth_newPendingTransactionFilter')
      expect(methods).not.toContain('eth_getFilterChanges')
      expect(adapter.pendingTransactions('injected')).toEqual([])
    })

    it('CALL-05 CONST-03 turned on, the connected chain is watched and new pending transactions refresh the balance', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
      const methods = fakeRpc([hash(7), hash(8)])
      const adapter = new Eip155Adapter({ pendingTransactionsFilter: { enable: true } })
      const kit = kitWith(adapter)
      await kit.connect('injected')
      await vi.advanceTimersByTimeAsync(0)
      await settle()
      expect(methods).toContain('eth_newPendingTransactionFilter')
      const balanceReads = () => methods.filter((m) => m === 'eth_getBalance').length
      const before = balanceReads()
      await vi.advanceTimersByTimeAsync(pendingPollMs)
      // The read goes out through the batch queue: a timer of 0 ms, which Node (and the fake clock) makes 1 ms.
      await vi.advanceTimersByTimeAsync(1)
      await settle()
      await vi.advanceTimersByTimeAsync(1)
      await settle()
      expect(methods).toContain('eth_getFilterChanges')
      expect(adapter.pendingTransactions('injected')).toEqual([hash(7), hash(8)])
      expect(balanceReads()).toBe(before + 1)
      await kit.disconnect()
      expect(adapter.pendingTransactions('injected')).toEqual([])
    })
  })
})
