import { type Address, type ContractFunctionParameters, erc20Abi, type PublicClient } from 'viem'
import { multicall } from 'viem/actions'
import { bytes32TextAbi, textOf, tokenText } from '../indexer/tokenText.js'
import type { TtlCache } from './ttlCache.js'

export type TokenMetadata = { name: string; symbol: string; decimals: number }
export type TokenHolding = { token: Address; metadata: TokenMetadata; amount: bigint }

/** Metadata per `chainId:token`; `null` marks a contract that does not answer as an ERC-20. */
export type MetadataCache = TtlCache<TokenMetadata | null>

type Read =
  | ContractFunctionParameters<typeof erc20Abi, 'view'>
  | ContractFunctionParameters<typeof bytes32TextAbi, 'view'>
type Result = { status: 'success'; result: unknown } | { status: 'failure' }

function metadataFrom(results: readonly Result[]): TokenMetadata | null {
  const [name, symbol, decimals, name32, symbol32] = results.map((r) =>
    r.status === 'success' ? r.result : undefined,
  )
  // Without decimals an amount means nothing; without a name or symbol a list has nothing to show.
  const text = tokenText(textOf(name, name32), textOf(symbol, symbol32))
  if (!text || typeof decimals !== 'number') return null
  return { ...text, decimals }
}

/**
 * `owner`'s balance of each token, read in ONE multicall together with the name, symbol and decimals of
 * the tokens not yet in `metadata`. Tokens that fail to answer as ERC-20s are left out; a failure of
 * the chain itself rejects.
 */
export async function readErc20Holdings(
  client: PublicClient,
  {
    chainId,
    owner,
    tokens,
    metadata,
    multicall3,
  }: {
    chainId: number
    owner: Address
    tokens: readonly Address[]
    metadata: MetadataCache
    multicall3: Address | undefined
  },
): Promise<TokenHolding[]> {
  if (tokens.length === 0) return []
  const plans = tokens.map((token) => {
    const cached = metadata.get(`${chainId}:${token}`)
    const reads: Read[] = [{ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }]
    if (cached === undefined) {
      for (const functionName of ['name', 'symbol', 'decimals'] as const)
        reads.push({ address: token, abi: erc20Abi, functionName })
      for (const functionName of ['name', 'symbol'] as const)
        reads.push({ address: token, abi: bytes32TextAbi, functionName })
    }
    return { token, cached, reads }
  })
  const results = (await multicall(client, {
    contracts: plans.flatMap((plan) => plan.reads),
    allowFailure: true,
    // One aggregate call however many tokens: the list is capped by the caller, not split here.
    batchSize: 0,
    ...(multicall3 ? { multicallAddress: multicall3 } : { deployless: true }),
  })) as Result[]
  const holdings: TokenHolding[] = []
  let at = 0
  for (const { token, cached, reads } of plans) {
    const [balance, ...rest] = results.slice(at, at + reads.length)
    at += reads.length
    let known = cached
    if (known === undefined) {
      known = metadataFrom(rest)
      metadata.set(`${chainId}:${token}`, known)
    }
    if (known && balance?.status === 'success' && typeof balance.result === 'bigint')
      holdings.push({ token, metadata: known, amount: balance.result })
  }
  return holdings
}
