import { afterEach, describe, expect, it, vi } from 'vitest'
import { SolanaAdapter, solana, solanaDevnet, solanaTestnet } from '../../solana/index.js'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('Solana presets', () => {
  it('name no RPC, so a read with none configured calls no host and fails as a missing RPC URL', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('no host may be called'))
    const adapter = new SolanaAdapter()
    for (const network of [solana, solanaDevnet, solanaTestnet]) {
      expect(network.rpcUrls.default.http).toEqual([])
      await expect(
        adapter.getBalance({ address: '11111111111111111111111111111111', network }),
      ).rejects.toMatchObject({
        code: 'RPC_URL_MISSING',
        message: `Missing RPC URL for network ${network.caipNetworkId}`,
      })
    }
    expect(fetchSpy).not.toHaveBeenCalled()
  })
})
