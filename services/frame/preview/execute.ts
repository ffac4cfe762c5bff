import { type Address, getAddress, type Hex, hexToBigInt, isAddressEqual, slice } from 'viem'
import * as z from 'zod/mini'
import type { Transfer } from './balanceChanges.js'
import type { ChainRequest } from './request.js'
import { refusalReason, revertReasonOf } from './revertReason.js'
import { type CallToRun, rpcCall } from './rpcCall.js'
import type { RevertReason } from './schemas.js'

export type Execution =
  | { status: 'success'; source: 'simulated'; transfers: Transfer[] }
  | { status: 'success'; source: 'estimated' }
  | { status: 'reverted'; reason: RevertReason }

const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/))
const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const word = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/))

/** The part of an `eth_simulateV1` answer the preview reads: the one call's status, data and logs. */
const simulationSchema = z.tuple([
  z.object({
    calls: z.tuple([
      z.object({
        status: z.enum(['0x0', '0x1']),
        returnData: hex,
        logs: z.array(z.object({ address, topics: z.array(word), data: hex })),
      }),
    ]),
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

/** Runs the call through `eth_simulateV1` with traced transfers; undefined when the chain can't. */
async function simulate(request: ChainRequest, call: CallToRun): Promise<Execution | undefined> {
  const params = { blockStateCalls: [{ calls: [rpcCall(call)] }], traceTransfers: true, validation: false }
  const answer = await request('eth_simulateV1', [params, 'latest']).catch(() => undefined)
  const parsed = simulationSchema.safeParse(answer)
  if (!parsed.success) return undefined
  const [{ calls }] = parsed.data
  const [{ status, returnData, logs }] = calls
  if (status === '0x0') return { status: 'reverted', reason: revertReasonOf(returnData as Hex) }
  const transfers = logs.map(transferOf).filter((transfer) => transfer !== undefined)
  return { status: 'success', source: 'simulated', transfers }
}

/**
 * What running the call does now: traced by `eth_simulateV1` where the chain answers it, else only
 * whether `eth_call` reverts (the balance changes are then estimated from the decoded call). A chain
 * that cannot be reached throws.
 */
export async function execute(request: ChainRequest, call: CallToRun): Promise<Execution> {
  const simulated = await simulate(request, call)
  if (simulated) return simulated
  try {
    await request('eth_call', [rpcCall(call), 'latest'])
    return { status: 'success', source: 'estimated' }
  } catch (error) {
    const reason = refusalReason(error)
    if (!reason) throw error
    return { status: 'reverted', reason }
  }
}
