import { randomInt } from 'node:crypto'
import {
  type Address,
  BaseError,
  ContractFunctionExecutionError,
  type ContractFunctionParameters,
  ContractFunctionRevertedError,
  ExecutionRevertedError,
  erc20Abi,
  type PublicClient,
  TimeoutError,
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
/**
 * A plan with its reads' results; 'failed' when it made a multicall fail as a whole, 'unread' when the
 * answer's calls ran out before it was told apart (both left out of the owner's reads for the hour).
 */
type Answered = Plan & { results: Result[] | 'failed' | 'unread' }

/**
 * An owner's tokens left out of its reads (`chainId:owner:token`): one whose reads failed a multicall as a
 * whole (by burning its gas, or its time alone), or that the calls of an answer ran out before telling
 * apart. Per owner: a token may burn its gas for one address only, and the tokens an attacker sends one
 * address must cost no other address a token.
 */
export type SkippedTokens = TtlCache<true>

/** How long such a token is left out of its owner's reads. */
export const gasBurnerSkippedMs = 60 * 60_000

/**
 * Multicalls one answer makes at most: the first, the chain's own tokens alone, and the halves of the seen
 * tokens read to find the ones that make it fail. Each such call may burn the node's whole gas cap for calls,
 * so many tokens that burn all their gas cost the operator's node this many calls an answer, once an hour
 * an owner, not one per token.
 */
export const maxCallsPerAnswer = 32

// What a node says of a call that ran out of gas or reverted (geth "out of gas", Anvil "EVM error OutOfGas",
// Nethermind "VM execution error." with the reason in its data, "execution reverted"): something a token's
// code can cause. Any other failure is the chain's own.
const tokenCaused = /out ?of ?gas|revert/i
// Nethermind's code for a call the EVM stopped ("VM execution error.").
const VM_EXECUTION_ERROR = -32015
// What geth says of a call it stopped at its time limit for calls (RPCEVMTimeout, 5 s by default).
const nodeOutOfTime = /execution aborted \(timeout/i

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

/** Whether a node's error, as it came (viem keeps it as a cause), names the EVM stopping the call. */
function nodeSaysTokenCaused({ code, data }: { code?: unknown; data?: unknown }): boolean {
  return code === VM_EXECUTION_ERROR || (typeof data === 'string' && tokenCaused.test(data))
}

/**
 * Whether the call ran out of time, at the node's limit or the api's: a token's code can make it slow, and
 * so can a node slow for every call; only the chain's own tokens read alone in time tell the two apart.
 */
function ranOutOfTime(failure: Error): boolean {
  return (
    failure instanceof BaseError &&
    failure.walk(
      (cause) =>
        cause instanceof TimeoutError ||
        (cause instanceof BaseError && nodeOutOfTime.test(cause.details ?? '')),
    ) !== null
  )
}

/**
 * Throws `failure` unless the node ran the call and it ran out of gas or time, or reverted: a node that
 * cannot be reached, limits the api's rate or fails within is a failure of the chain, which no token is
 * blamed for.
 */
function rejectUnlessTokenCaused(failure: Error | undefined): void {
  if (failure === undefined) return
  const caused =
    ranOutOfTime(failure) ||
    (failure instanceof BaseError &&
      failure.walk(
        (cause) =>
          cause instanceof ExecutionRevertedError ||
          (cause instanceof ContractFunctionRevertedError && tokenCaused.test(cause.reason ?? '')) ||
          nodeSaysTokenCaused(cause as { code?: unknown; data?: unknown }) ||
          (cause instanceof BaseError && tokenCaused.test(cause.details ?? '')),
      ) !== null)
  if (!caused) throw failure
}

/** `plans` with the results of one multicall of all their reads, in order. */
function split(plans: readonly Plan[], combined: readonly Result[]): Answered[] {
  let at = 0
  return plans.map((plan) => {
    const results = combined.slice(at, at + plan.reads.length)
    at += plan.reads.length
    return { ...plan, results }
  })
}

/**
 * Each plan with the results of its reads: from one multicall for all of them or, when a token made that call
 * fail as a whole, as `narrowed` finds them. Within `budget` in all: plans still unknown when it runs out are
 * 'unread'. A failure of the chain itself rejects.
 */
async function halving(
  plans: readonly Plan[],
  read: (reads: readonly Read[]) => Promise<Result[]>,
  budget: { calls: number },
): Promise<Answered[]> {
  if (budget.calls < 1) return plans.map((plan) => ({ ...plan, results: 'unread' }))
  budget.calls--
  const combined = await read(plans.flatMap((plan) => plan.reads))
  const failure = aggregateFailure(combined)
  rejectUnlessTokenCaused(failure)
  if (failure === undefined) return split(plans, combined)
  // Each level of halving would wait out a whole timeout: a call out of time is not narrowed further.
  return ranOutOfTime(failure) ? outOfTime(plans) : narrowed(plans, read, budget)
}

/**
 * `plans`, whose one call ran out of time: a token alone is 'failed', tokens together 'unread', since telling
 * them apart would wait out another timeout for each.
 */
const outOfTime = (plans: readonly Plan[]): Answered[] =>
  plans.map((plan) => ({ ...plan, results: plans.length === 1 ? 'failed' : 'unread' }))

/**
 * `plans`, whose multicall together ran out of time, read in at most `calls` calls at once, a token each
 * while they fit, so that one timeout tells every slow token apart; a call that fails otherwise as a whole
 * (a token burning its gas among them) fails only its own tokens, as one out of time does. Tokens share a
 * call in an order drawn afresh: in the order seen, whoever sends the owner tokens would choose which of
 * the owner's own share a call with a slow one, and are left out with it.
 */
async function oneCallEach(
  plans: readonly Plan[],
  read: (reads: readonly Read[]) => Promise<Result[]>,
  calls: number,
): Promise<Answered[]> {
  const order = shuffle(plans.map((_, index) => index))
  const size = Math.ceil(plans.length / calls)
  const answered: Answered[] = []
  await Promise.all(
    Array.from({ length: Math.ceil(plans.length / size) }, async (_, call) => {
      const places = order.slice(call * size, (call + 1) * size)
      const group = places.map((place) => plans[place] as Plan)
      const combined = await read(group.flatMap((plan) => plan.reads))
      const failure = aggregateFailure(combined)
      rejectUnlessTokenCaused(failure)
      const results = failure === undefined ? split(group, combined) : outOfTime(group)
      results.forEach((result, index) => {
        answered[places[index] as number] = result
      })
    }),
  )
  return answered
}

/** `items` in an order drawn at random (Fisher–Yates). */
function shuffle<T>(items: readonly T[]): T[] {
  const shuffled = [...items]
  for (let index = shuffled.length - 1; index > 0; index--) {
    const other = randomInt(index + 1)
    ;[shuffled[index], shuffled[other]] = [shuffled[other] as T, shuffled[index] as T]
  }
  return shuffled
}

/**
 * `plans`, whose multicall together failed as a whole: one alone is the token that made it ('failed'); more
 * are read by halves (at once), so each such token fails only itself.
 */
async function narrowed(
  plans: readonly Plan[],
  read: (reads: readonly Read[]) => Promise<Result[]>,
  budget: { calls: number },
): Promise<Answered[]> {
  if (plans.length <= 1) return plans.map((plan) => ({ ...plan, results: 'failed' }))
  const middle = Math.ceil(plans.length / 2)
  const halves = await Promise.all(
    [plans.slice(0, middle), plans.slice(middle)].map((half) => halving(half, read, budget)),
  )
  return halves.flat()
}

/**
 * The plans of the chain's own tokens and of the tokens seen moving to the owner, answered: in one multicall
 * or, when a token made it fail as a whole, the chain's own in one of their own (a failure there is the
 * chain's: the operator listed them) and the seen ones narrowed down. A multicall out of time is blamed on
 * a seen token only beside the chain's own read in time; without seen tokens or the chain's own, it is the
 * chain's failure, and is not asked again.
 */
async function answered(
  listed: readonly Plan[],
  seen: readonly Plan[],
  read: (reads: readonly Read[]) => Promise<Result[]>,
): Promise<Answered[]> {
  const plans = [...listed, ...seen]
  const combined = await read(plans.flatMap((plan) => plan.reads))
  const failure = aggregateFailure(combined)
  rejectUnlessTokenCaused(failure)
  if (failure === undefined) return split(plans, combined)
  if ((listed.length === 0 || seen.length === 0) && ranOutOfTime(failure)) throw failure
  const own = listed.length > 0 ? read(listed.flatMap((plan) => plan.reads)) : Promise.resolve([])
  const calls = maxCallsPerAnswer - (listed.length > 0 ? 2 : 1)
  const [ownResults, others] = await Promise.all([
    own,
    ranOutOfTime(failure) ? oneCallEach(seen, read, calls) : narrowed(seen, read, { calls }),
  ])
  const ownFailure = aggregateFailure(ownResults)
  if (ownFailure) throw ownFailure
  return [...split(listed, ownResults), ...others]
}

/**
 * `owner`'s balance of each token, read in ONE multicall together with the name, symbol and decimals of
 * the tokens not yet in `metadata`: the chain's own (`listed`) and those seen moving to it (`seen`). Tokens
 * that fail to answer as ERC-20s are left out. When a seen token makes that multicall fail as a whole (by
 * burning all its gas, or running out of time while the chain's own tokens read alone do not), the chain's
 * own tokens are read alone and the seen ones by halves until it is alone, within `maxCallsPerAnswer` and
 * When it ran out of time, the seen ones are read a call each instead, within as many calls: each that runs
 * out of time alone is left out for the hour, and so are the tokens that shared such a call, as those the
 * calls ran out before telling apart. A failure of the chain itself rejects.
 */
export async function readErc20Holdings(
  client: PublicClient,
  {
    chainId,
    owner,
    listed,
    seen,
    metadata,
    skipped,
    multicall3,
  }: {
    chainId: number
    owner: Address
    listed: readonly Address[]
    seen: readonly Address[]
    metadata: MetadataCache
    skipped: SkippedTokens
    multicall3: Address | undefined
  },
): Promise<TokenHolding[]> {
  const skipKey = (token: Address) => `${chainId}:${owner}:${token}`
  const plansOf = (tokens: readonly Address[]) =>
    tokens.flatMap((token) => {
      const cached = metadata.get(`${chainId}:${token}`)
      // Known not to answer as an ERC-20, or left out of this owner's reads: it would be left out anyway.
      return cached === null || skipped.get(skipKey(token)) ? [] : [planOf(owner, token, cached)]
    })
  const listedPlans = plansOf(listed)
  const seenPlans = plansOf(seen)
  if (listedPlans.length + seenPlans.length === 0) return []
  const read = async (reads: readonly Read[]) =>
    (await multicall(client, {
      contracts: reads,
      allowFailure: true,
      // One aggregate call for all the reads asked (the caller caps the list; only a failed call is split).
      batchSize: 0,
      ...(multicall3 ? { multicallAddress: multicall3 } : { deployless: true }),
    })) as Result[]
  const holdings: TokenHolding[] = []
  for (const { token, cached, results } of await answered(listedPlans, seenPlans, read)) {
    if (typeof results === 'string') {
      skipped.set(skipKey(token), true)
      continue
    }
    const [balance, ...rest] = results
    const known = cached ?? metadataFrom(rest)
    if (cached === undefined) metadata.set(`${chainId}:${token}`, known)
    if (known && balance?.status === 'success' && typeof balance.result === 'bigint')
      holdings.push({ token, metadata: known, amount: balance.result })
  }
  return holdings
}
