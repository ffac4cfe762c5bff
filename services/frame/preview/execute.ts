import { type Address, getAddress, type Hex, hexToBigInt, isAddressEqual, slice } from 'viem'
import * as z from 'zod/mini'
import type { Transfer } from './balanceChanges.js'
import type { ChainRequest } from './request.js'
import { refusalReason, revertReasonOf } from './revertReason.js'
import { type CallToRun, rpcCall } from './rpcCall.js'
import type { RevertReason } from './schemas.js'

export type Execution =
  | { status: 'success'; source: 'simulated'; transfers: Transfer[]; gasUsed: bigint[] }
  | { status: 'success'; source: 'estimated' }
  /** `call`: the first call that fails, counted from 0. */
  | { status: 'reverted'; call: number; reason: RevertReason }

const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/))
const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/))
const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const word = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/))

/** The part of an `eth_simulateV1` answer the preview reads: each call's status, data, gas and logs. */
const simulationSchema = z.tuple([
  z.object({
    calls: z.array(
      z.object({
        status: z.enum(['0x0', '0x1']),
        returnData: hex,
        gasUsed: quantity,
        logs: z.array(z.object({ address, topics: z.array(word), data: hex })),
      }),
    ),
  }),
])

/** keccak256("Transfer(address,address,uint256)") */
const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
/** Where `traceTransfers` logs native transfers (ERC-7528). */
const nativeLogAddress = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

type Log = { address: string; topics: string[]; data: string }

/** ERC-20 and traced native Transfer logs; ERC-721's (a fourth, indexed topic) are not balances. */
function transferOf({ address, topics, data }: Log): Transfer | undefined {
  if (topics.length !== 3 || topics[0] !== transferTopic || data.length !== 66) return undefined
  const topicAddress = (topic: string) => getAddress(slice(topic as Hex, 12))
  return {
    asset: isAddressEqual(address as Address, nativeLogAddress) ? 'native' : getAddress(address),
    from: topicAddress(topics[1] as string),
    to: topicAddress(topics[2] as string),
    value: hexToBigInt(data as Hex),
  }
}

/**
 * Runs the calls in order in one simulated block through `eth_simulateV1` with traced transfers, each
 * seeing the state the ones before it left; undefined when the chain can't.
 */
async function simulate(request: ChainRequest, calls: readonly CallToRun[]): Promise<Execution | undefined> {
  const params = { blockStateCalls: [{ calls: calls.map(rpcCall) }], traceTransfers: true, validation: false }
  const answer = await request('eth_simulateV1', [params, 'latest']).catch(() => undefined)
  const parsed = simulationSchema.safeParse(answer)
  if (!parsed.success) return undefined
  const [{ calls: results }] = parsed.data
  if (results.length !== calls.length) return undefined
  const failed = results.findIndex((result) => result.status === '0x0')
  const failure = results[failed]
  if (failure) return { status: 'reverted', call: failed, reason: revertReasonOf(failure.returnData as Hex) }
  const transfers = results.flatMap(({ logs }) =>
    logs.map(transferOf).filter((transfer) => transfer !== undefined),
  )
  const gasUsed = results.map((result) => hexToBigInt(result.gasUsed as Hex))
  return { status: 'success', source: 'simulated', transfers, gasUsed }
}

/**
 * What running the calls in order does now: traced by `eth_simulateV1` where the chain answers it, else
 * only whether `eth_call` of each reverts (the balance changes are then estimated from the decoded
 * calls). Without a simulation each call runs against the latest state alone, so one that needs an
 * earlier call's effect may be reported as failing. A chain that cannot be reached throws.
 */
export async function execute(request: ChainRequest, calls: readonly CallToRun[]): Promise<Execution> {
  const simulated = await simulate(request, calls)
  if (simulated) return simulated
  for (const [index, call] of calls.entries()) {
    try {
      await request('eth_call', [rpcCall(call), 'latest'])
    } catch (error) {
      const reason = refusalReason(error)
      if (!reason) throw error
      return { status: 'reverted', call: index, reason }
    }
  }
  return { status: 'success', source: 'estimated' }
}
