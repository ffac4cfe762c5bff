import {
  type Address,
  BaseError,
  ContractFunctionExecutionError,
  type ContractFunctionParameters,
  ContractFunctionRevertedError,
  ExecutionRevertedError,
  erc20Abi,
  type PublicClient,
} from 'viem'
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
type Result = { status: 'success'; result: unknown } | { status: 'failure'; error: Error }
type Plan = { token: Address; cached: TokenMetadata | undefined; reads: Read[] }
/** A plan with its reads' results, or 'unread' when the answer's calls ran out before it was found out. */
type Answered = Plan & { results: Result[] | 'unread' }

/** How long a token whose reads failed as a whole (or could not be told apart from one that did) is left out of reads, on its chain. */
export const gasBurnerSkippedMs = 60 * 60_000

/**
 * Multicalls one answer makes at most: the first, and the halves read to find the tokens that make it fail.
 * Each such call may burn the node's whole gas cap for calls, so many tokens that burn all their gas cost the
 * operator's node this many calls an answer, not one per token.
 */
export const maxCallsPerAnswer = 32

// What a node says of a call that ran out of gas or reverted (geth "out of gas", Anvil "EVM error OutOfGas",
// "execution reverted"): something a token's code can cause. Any other failure is the chain's own.
const tokenCaused = /out ?of ?gas|revert/i

function metadataFrom(results: readonly Result[]): TokenMetadata | null {
  const [name, symbol, decimals, name32, symbol32] = results.map((r) =>
    r.status === 'success' ? r.result : undefined,
  )
  // Without decimals an amount means nothing; without a name or symbol a list has nothing to show.
  const text = tokenText(textOf(name, name32), textOf(symbol, symbol32))
  if (!text || typeof decimals !== 'number') return null
  return { ...text, decimals }
}

function planOf(owner: Address, token: Address, cached: TokenMetadata | undefined): Plan {
  const reads: Read[] = [{ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }]
  if (cached === undefined) {
    for (const functionName of ['name', 'symbol', 'decimals'] as const)
      reads.push({ address: token, abi: erc20Abi, functionName })
    for (const functionName of ['name', 'symbol'] as const)
      reads.push({ address: token, abi: bytes32TextAbi, functionName })
  }
  return { token, cached, reads }
}

/**
 * The error of the aggregate call itself when it failed, which viem gives as every read's error; a read that
 * fails alone has an error of its own, as aggregate3 reports each read's failure.
 */
function aggregateFailure(results: readonly Result[]): Error | undefined {
  const [first] = results
  if (first?.status !== 'failure') return undefined
  const { error } = first
  const ofAggregate = error instanceof ContractFunctionExecutionError && error.functionName === 'aggregate3'
  return ofAggregate && results.every((result) => result.status === 'failure' && result.error === error)
    ? error
    : undefined
}

/**
 * Throws `failure` unless the node ran the call and it ran out of gas or reverted: a node that cannot be
 * reached, limits the api's rate or fails within is a failure of the chain, which no token is blamed for.
 */
function rejectUnlessTokenCaused(failure: Error | undefined): void {
  if (failure === undefined) return
  const caused =
    failure instanceof BaseError &&
    failure.walk(
      (cause) =>
        cause instanceof ExecutionRevertedError ||
        (cause instanceof ContractFunctionRevertedError && tokenCaused.test(cause.reason ?? '')) ||
        (cause instanceof BaseError && tokenCaused.test(cause.details ?? '')),
    ) !== null
  if (!caused) throw failure
}

/**
 * Each plan with the results of its reads: from one multicall for all of them or, when a token made that call
 * fail as a whole, from the two halves' read the same way (at once), so such a token fails only itself.
 * Within `budget.calls` in all: plans still unknown when they run out are 'unread'. A failure of the chain
 * itself rejects.
 */
async function answered(
  plans: readonly Plan[],
  read: (reads: readonly Read[]) => Promise<Result[]>,
  budget: { calls: number },
): Promise<Answered[]> {
  budget.calls--
  const combined = await read(plans.flatMap((plan) => plan.reads))
  const failure = aggregateFailure(combined)
  rejectUnlessTokenCaused(failure)
  if (failure === undefined || plans.length === 1) {
    let at = 0
    return plans.map((plan) => {
      const results = combined.slice(at, at + plan.reads.length)
      at += plan.reads.length
      return { ...plan, results }
    })
  }
  if (budget.calls < 2) return plans.map((plan) => ({ ...plan, results: 'unread' }))
  const middle = Math.ceil(plans.length / 2)
  const halves = await Promise.all(
    [plans.slice(0, middle), plans.slice(middle)].map((half) => answered(half, read, budget)),
  )
  return halves.flat()
}

/**
 * `owner`'s balance of each token, read in ONE multicall together with the name, symbol and decimals of
 * the tokens not yet in `metadata`. Tokens that fail to answer as ERC-20s are left out; when one makes that
 * multicall fail as a whole (by burning all its gas), halves are read until it is alone, within
 * `maxCallsPerAnswer`, and it is left out of reads on its chain for `gasBurnerSkippedMs`. A failure of the
 * chain itself rejects.
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
  const plans: Plan[] = []
  for (const token of tokens) {
    const cached = metadata.get(`${chainId}:${token}`)
    // Known not to answer as an ERC-20: it would be left out, and it may be one that burns all its gas.
    if (cached !== null) plans.push(planOf(owner, token, cached))
  }
  if (plans.length === 0) return []
  const read = async (reads: readonly Read[]) =>
    (await multicall(client, {
      contracts: reads,
      allowFailure: true,
      // One aggregate call for all the reads asked (the caller caps the list; only a failed call is split).
      batchSize: 0,
      ...(multicall3 ? { multicallAddress: multicall3 } : { deployless: true }),
    })) as Result[]
  const holdings: TokenHolding[] = []
  for (const { token, cached, results } of await answered(plans, read, { calls: maxCallsPerAnswer })) {
    // Left out of reads for a while: one that failed alone, and one never read that the calls ran out
    // before telling apart (so many such tokens are found out over a few answers). A token read before is
    // only left out of this answer.
    if (results === 'unread' ? cached === undefined : aggregateFailure(results)) {
      metadata.set(`${chainId}:${token}`, null, gasBurnerSkippedMs)
      continue
    }
    if (results === 'unread') continue
    const [balance, ...rest] = results
    const known = cached ?? metadataFrom(rest)
    if (cached === undefined) metadata.set(`${chainId}:${token}`, known)
    if (known && balance?.status === 'success' && typeof balance.result === 'bigint')
      holdings.push({ token, metadata: known, amount: balance.result })
  }
  return holdings
}
