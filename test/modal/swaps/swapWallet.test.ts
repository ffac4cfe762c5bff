import { type Address, createPublicClient, custom, numberToHex } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { Eip155Adapter } from '../../../modal/adapters/eip155/eip155Adapter.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import { TokenDecimalsError } from '../../../modal/send/decimals.js'
import { assertListedDecimals } from '../../../modal/swaps/listedDecimals.js'
import { evmSwapWallet } from '../../../modal/swaps/swapWallet.js'
import { alice, evmNetwork } from '../support/kit.js'
import { eth, usdc } from './support/tokens.js'

/**
 * The kit's eip155 adapter whose chain clients answer `decimals()` of tUSDC as each network's contract
 * reports it; the networks read are recorded.
 */
function adapterReporting(decimalsOn: Record<number, number>) {
  const adapter = new Eip155Adapter()
  const read: number[] = []
  vi.spyOn(adapter, 'chainClient').mockImplementation((network: CaipNetwork) =>
    createPublicClient({
      transport: custom({
        request: async ({ method, params }: { method: string; params?: unknown }) => {
          const to = (params as [{ to?: Address }] | undefined)?.[0]?.to
          if (method !== 'eth_call' || to?.toLowerCase() !== usdc.address.toLowerCase())
            throw new Error(`unexpected ${method} to ${to}`)
          read.push(Number(network.id))
          return numberToHex(decimalsOn[Number(network.id)] ?? 0, { size: 32 })
        },
      }),
    }),
  )
  return { adapter, read }
}

describe("a swap wallet's token decimals", () => {
  it('takes the native coin’s from the network, refusing a list that gives it others (24 would pay a million times the amount shown)', async () => {
    const { adapter } = adapterReporting({})
    const wallet = evmSwapWallet(adapter, {
      connectorId: 'injected',
      address: alice,
      network: evmNetwork(31337, 'http://127.0.0.1:1'),
    })
    if (!wallet) throw new Error('no swap wallet')
    const listed24 = { ...eth, decimals: 24 }
    await expect(wallet.decimalsOf({ symbol: 'tETH', decimals: 24 })).resolves.toBe(18)
    await expect(assertListedDecimals(wallet.decimalsOf, { from: listed24, to: eth })).rejects.toThrow(
      TokenDecimalsError,
    )
    await expect(assertListedDecimals(wallet.decimalsOf, { from: eth, to: eth })).resolves.toBeUndefined()
  })

  it('reads a token’s contract on the network the wallet is on, after a switch too', async () => {
    const { adapter, read } = adapterReporting({ 31337: 6, 31338: 18 })
    const on = (id: number) =>
      evmSwapWallet(adapter, {
        connectorId: 'injected',
        address: alice,
        network: evmNetwork(id, 'http://127.0.0.1:1'),
      })
    await expect(
      assertListedDecimals(on(31337)!.decimalsOf, { from: eth, to: usdc }),
    ).resolves.toBeUndefined()
    await expect(assertListedDecimals(on(31338)!.decimalsOf, { from: eth, to: usdc })).rejects.toMatchObject({
      symbol: 'tUSDC',
    })
    expect(read).toEqual([31337, 31338])
  })
})
