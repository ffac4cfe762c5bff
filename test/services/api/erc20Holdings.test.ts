import {
  type Address,
  createPublicClient,
  custom,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionResult,
  type Hex,
  multicall3Abi,
  TimeoutError,
} from 'viem'
import { mainnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import {
  type MetadataCache,
  maxCallsPerAnswer,
  readErc20Holdings,
  type SkippedTokens,
  type TokenMetadata,
} from '../../../services/api/balances/erc20Holdings.js'
import { TtlCache } from '../../../services/api/balances/ttlCache.js'

const victim = '0x1111111111111111111111111111111111111111' as Address
const bystander = '0x2222222222222222222222222222222222222222' as Address
const multicall3 = '0xcA11bde05977b3631167028862bE2a173976CA11' as Address
const usdcMetadata: TokenMetadata = { name: 'USD Coin', symbol: 'USDC', decimals: 6 }
const token = (i: number, fill: string) => `0x${(i + 1).toString(16).padStart(40, fill)}` as Address
const usdc = token(0, 'c')

type NodeError = { code: number; message: string; data?: string }
const gethOutOfGas: NodeError = { code: -32000, message: 'out of gas' }
// What a multicall out of time gives: geth stops the call itself (its RPC EVM timeout, 5 s by default), or
// the api's transport gives up waiting first.
const gethOutOfTime: NodeError = { code: -32000, message: 'execution aborted (timeout = 5s)' }
const transportOutOfTime = new TimeoutError({ body: {}, url: 'http://node.test' })

/**
 * A chain that runs aggregate3 as Multicall3 does, every read answering (a balance of 1, "USD Coin", "USDC",
 * 6 decimals), except that a multicall holding any of `burners` fails as a whole with `error` (a node's
 * answer to a call that ran out of gas, or the transport's own error); every eth_call fails so when
 * `burners` is 'all'.
 */
function chain(burners: ReadonlySet<string> | 'all', error: NodeError | Error = gethOutOfGas) {
  const seen = { calls: 0, atOnce: 0, most: 0 }
  const client = createPublicClient({
    chain: mainnet,
    transport: custom(
      {
        async request({ method, params }) {
          if (method !== 'eth_call') throw new Error(`unexpected ${method}`)
          seen.calls++
          seen.most = Math.max(seen.most, ++seen.atOnce)
          await new Promise((resolve) => setTimeout(resolve, 2))
          seen.atOnce--
          const { args } = decodeFunctionData({
            abi: multicall3Abi,
            data: (params as [{ data: Hex }])[0].data,
          })
          const calls = args[0] as readonly { target: Address; callData: Hex }[]
          if (burners === 'all' || calls.some((call) => burners.has(call.target.toLowerCase())))
            throw error instanceof Error ? error : Object.assign(new Error(error.message), error)
          const answer = (callData: Hex): Hex => {
            const selector = callData.slice(0, 10)
            if (selector === '0x70a08231') return encodeAbiParameters([{ type: 'uint256' }], [1n])
            if (selector === '0x313ce567') return encodeAbiParameters([{ type: 'uint8' }], [6])
            if (selector === '0x06fdde03') return encodeAbiParameters([{ type: 'string' }], ['USD Coin'])
            return encodeAbiParameters([{ type: 'string' }], ['USDC'])
          }
          return encodeFunctionResult({
            abi: multicall3Abi,
            functionName: 'aggregate3',
            result: calls.map((call) => ({ success: true, returnData: answer(call.callData) })),
          })
        },
      },
      { retryCount: 0 },
    ),
  })
  return { client, seen }
}

/** The service's two caches, empty. */
const caches = () => ({
  metadata: new TtlCache({
    ttlMs: Number.POSITIVE_INFINITY,
    maxEntries: 10_000,
    now: () => 0,
  }) as MetadataCache,
  skipped: new TtlCache({ ttlMs: 60 * 60_000, maxEntries: 10_000, now: () => 0 }) as SkippedTokens,
})

const holdings = async (
  { client }: ReturnType<typeof chain>,
  cached: ReturnType<typeof caches>,
  owner: Address,
  seen: Address[],
  listed: Address[] = [usdc],
) =>
  (
    await readErc20Holdings(client as never, {
      chainId: 1,
      owner,
      listed,
      seen,
      ...cached,
      multicall3,
    })
  ).map((holding) => holding.token)

describe('ERC-20 holdings when a token fails the multicall as a whole', () => {
  it("a node's own error (its rate limit) is the chain's failure: the answer fails and no token is marked", async () => {
    const node = chain('all', { code: -32005, message: 'daily request count exceeded' })
    const cached = caches()
    cached.metadata.set(`1:${usdc}`, usdcMetadata)
    await expect(holdings(node, cached, victim, [token(0, 'a')])).rejects.toThrow(
      /daily request count exceeded/,
    )
    expect(node.seen.calls).toBe(1)
    expect(cached.metadata.get(`1:${usdc}`)).toEqual(usdcMetadata)
    expect(cached.skipped.size).toBe(0)
  })

  it("the chain's own tokens show beside seen tokens that burn all their gas, and those cost at most maxCallsPerAnswer calls, once", async () => {
    const legit = Array.from({ length: 10 }, (_, i) => token(i, 'a'))
    const burners = Array.from({ length: 190 }, (_, i) => token(i, 'b'))
    const node = chain(new Set(burners.map((burner) => burner.toLowerCase())))
    const cached = caches()
    // Their metadata known from another address's answer: a token may burn its gas for one address only.
    for (const each of [...legit, ...burners]) cached.metadata.set(`1:${each}`, usdcMetadata)
    expect(await holdings(node, cached, victim, [...legit, ...burners])).toContain(usdc)
    expect(node.seen.calls).toBeLessThanOrEqual(maxCallsPerAnswer)
    node.seen.calls = 0
    expect(await holdings(node, cached, victim, [...legit, ...burners])).toContain(usdc)
    expect(node.seen.calls).toBe(1)
  })

  it("what an owner's tokens made the chain fail costs no other owner a token", async () => {
    const legit = token(0, 'a')
    const burners = Array.from({ length: 199 }, (_, i) => token(i, 'b'))
    const node = chain(new Set(burners.map((burner) => burner.toLowerCase())))
    const cached = caches()
    await holdings(node, cached, victim, [legit, ...burners])
    node.seen.calls = 0
    expect(await holdings(node, cached, bystander, [legit])).toEqual([usdc, legit])
    expect(node.seen.calls).toBe(1)
  })
})

describe('ERC-20 holdings when one seen token fails the multicall as a whole', () => {
  it.each([
    // Nethermind's "VM execution error." names the cause in its data.
    [
      'Nethermind: out of gas',
      { code: -32015, message: 'VM execution error.', data: 'err: OutOfGas (supplied gas 50000000)' },
    ],
    ['geth stops the call: out of time', gethOutOfTime],
    ['the transport gives up: out of time', transportOutOfTime],
  ])("the token found alone is left out of its owner's reads, and the chain's own tokens show (%s)", async (_, failure) => {
    const legit = token(0, 'a')
    const culprit = token(0, 'b')
    const node = chain(new Set([culprit.toLowerCase()]), failure)
    const cached = caches()
    expect(await holdings(node, cached, victim, [legit, culprit])).toEqual([usdc, legit])
    node.seen.calls = 0
    expect(await holdings(node, cached, victim, [legit, culprit])).toEqual([usdc, legit])
    expect(node.seen.calls).toBe(1)
  })
})

describe('ERC-20 holdings when a multicall runs out of time', () => {
  it('reads the seen tokens a call each once a multicall ran out of time: two slow ones are left out for the hour, every other shown, within one more timeout', async () => {
    const seen = Array.from({ length: 20 }, (_, i) => token(i, 'a'))
    const slow = [seen[3], seen[14]] as Address[]
    const node = chain(new Set(slow.map((address) => address.toLowerCase())), transportOutOfTime)
    const cached = caches()
    const shown = await holdings(node, cached, victim, seen)
    // The whole multicall, then the chain's own and every seen token at once: one more timeout to wait out,
    // not one for each level of halving.
    expect(node.seen).toMatchObject({ calls: 1 + 1 + 20, most: 1 + 20 })
    expect(shown).toEqual([usdc, ...seen.filter((address) => !slow.includes(address))])
    expect(seen.filter((address) => cached.skipped.get(`1:${victim}:${address}`))).toEqual(slow)
  })

  it('with more seen tokens than calls, those that shared a call out of time with a slow one are left out for the hour with it, so the next answer waits out no timeout', async () => {
    const seen = Array.from({ length: 60 }, (_, i) => token(i, 'a'))
    const slow = seen[7] as Address
    const node = chain(new Set([slow.toLowerCase()]), transportOutOfTime)
    const cached = caches()
    // 30 calls for 60 tokens: the slow one shares its call with one other.
    expect(await holdings(node, cached, victim, seen)).toHaveLength(1 + 58)
    expect(cached.skipped.size).toBe(2)
    node.seen.calls = 0
    expect(await holdings(node, cached, victim, seen)).toHaveLength(1 + 58)
    expect(node.seen.calls).toBe(1)
  })

  it("does not let whoever sends the owner tokens choose which of the owner's share a call with a slow one: calls are filled in an order drawn afresh", async () => {
    // In the order seen, the owner's own token and the attacker's slow one right after it would share a
    // call (60 tokens, 30 calls) and be left out together every time.
    const own = token(0, 'e')
    const seen = [own, ...Array.from({ length: 59 }, (_, i) => token(i, 'a'))]
    const slow = seen[1] as Address
    const answers = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const cached = caches()
        await holdings(chain(new Set([slow.toLowerCase()]), transportOutOfTime), cached, victim, seen)
        return cached.skipped.get(`1:${victim}:${own}`) === true
      }),
    )
    expect(answers.filter((leftOut) => !leftOut).length).toBeGreaterThan(0)
  })

  it("when the chain's own tokens read alone run out of time too, the node is slow: the answer fails and no token is marked", async () => {
    const node = chain('all', transportOutOfTime)
    const cached = caches()
    await expect(holdings(node, cached, victim, [token(0, 'a')])).rejects.toThrow(/took too long/)
    expect(cached.skipped.size).toBe(0)
  })

  it("without seen tokens, a multicall of the chain's own out of time is the node's, and is not asked again", async () => {
    const node = chain('all', transportOutOfTime)
    await expect(holdings(node, caches(), victim, [])).rejects.toThrow(/took too long/)
    expect(node.seen.calls).toBe(1)
  })

  it('on a chain without tokens of its own, nothing tells a slow token from a slow node: the answer fails and no token is marked', async () => {
    const slow = token(0, 'b')
    const node = chain(new Set([slow.toLowerCase()]), transportOutOfTime)
    const cached = caches()
    await expect(holdings(node, cached, victim, [token(0, 'a'), slow], [])).rejects.toThrow(/took too long/)
    expect(node.seen.calls).toBe(1)
    expect(cached.skipped.size).toBe(0)
  })
})
