import { type Address, createPublicClient, custom } from 'viem'
import { mainnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import {
  type MetadataCache,
  maxCallsPerAnswer,
  readErc20Holdings,
  type TokenMetadata,
} from '../../../services/api/balances/erc20Holdings.js'
import { TtlCache } from '../../../services/api/balances/ttlCache.js'

const owner = '0x1111111111111111111111111111111111111111' as Address
const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as Address
const other = '0xdAC17F958D2ee523a2206206994597C13D831ec7' as Address
const usdcMetadata: TokenMetadata = { name: 'USD Coin', symbol: 'USDC', decimals: 6 }

/** A chain whose every eth_call fails with `error` (a node error as JSON-RPC sends it), counting the calls. */
function failingChain(error: { code: number; message: string }) {
  const seen = { calls: 0, atOnce: 0, most: 0 }
  const client = createPublicClient({
    chain: mainnet,
    transport: custom(
      {
        async request({ method }) {
          if (method !== 'eth_call') throw new Error(`unexpected ${method}`)
          seen.calls++
          seen.most = Math.max(seen.most, ++seen.atOnce)
          await new Promise((resolve) => setTimeout(resolve, 5))
          seen.atOnce--
          throw Object.assign(new Error(error.message), { code: error.code })
        },
      },
      { retryCount: 0 },
    ),
  })
  return { client, seen }
}

const metadataCache = (): MetadataCache =>
  new TtlCache({ ttlMs: Number.POSITIVE_INFINITY, maxEntries: 10_000, now: () => 0 })

const holdings = (
  client: ReturnType<typeof failingChain>['client'],
  metadata: MetadataCache,
  tokens: Address[],
) =>
  readErc20Holdings(client as never, {
    chainId: 1,
    owner,
    tokens,
    metadata,
    multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
  })

describe('ERC-20 holdings when the chain fails the multicall as a whole', () => {
  it("a node's own error (its rate limit) is the chain's failure: the answer fails and no token is marked", async () => {
    const { client, seen } = failingChain({ code: -32005, message: 'daily request count exceeded' })
    const metadata = metadataCache()
    metadata.set(`1:${usdc}`, usdcMetadata)
    await expect(holdings(client, metadata, [usdc, other])).rejects.toThrow(/daily request count exceeded/)
    expect(seen.calls).toBe(1)
    expect([metadata.get(`1:${usdc}`), metadata.get(`1:${other}`)]).toEqual([usdcMetadata, undefined])
  })

  it('many tokens that run out of gas cost at most maxCallsPerAnswer calls an answer, and the next answer none', async () => {
    const { client, seen } = failingChain({ code: -32000, message: 'out of gas' })
    const metadata = metadataCache()
    const burners = Array.from(
      { length: 200 },
      (_, i) => `0x${(i + 1).toString(16).padStart(40, 'b')}` as Address,
    )
    expect(await holdings(client, metadata, burners)).toEqual([])
    expect(seen.calls).toBeLessThanOrEqual(maxCallsPerAnswer)
    seen.calls = 0
    expect(await holdings(client, metadata, burners)).toEqual([])
    expect(seen.calls).toBe(0)
  })
})
