import { frameErrorCodes } from '@pairwise/engine/frame'
import {
  type Address,
  concat,
  encodeFunctionData,
  type Hex,
  hexToBigInt,
  type LocalAccount,
  numberToHex,
  parseAbi,
  type TransactionSerializable,
} from 'viem'
import { entryPoint08Address } from 'viem/account-abstraction'
import * as z from 'zod/mini'
import type { FrameChain, FrameEip7702 } from '../frameConfig.js'
import {
  amountOf,
  type ChainRequest,
  nativeAsset,
  type PaidGas,
  previewCalls,
  type RevertReason,
} from '../preview/index.js'
import { callRows, outcomeRows } from './approvalRows.js'
import { FrameFailure } from './frameServer.js'
import {
  feeOf,
  nextNonce,
  type PreparedTransaction,
  prepareTransaction,
  withinApproval,
} from './prepareTransaction.js'
import { assertOwnAccount } from './requestScope.js'
import type { Row } from './ui/screens.js'

/** Most calls one batch may hold: each is a row of the approval, which must stay readable. */
export const MAX_BATCH_CALLS = 16

/** EIP-5792's "unknown bundle id". */
const unknownBundle = 5730

/** Simple7702Account's batch entry point (@account-abstraction/contracts 0.8, BaseAccount). */
const executeBatchAbi = parseAbi([
  'struct Call { address target; uint256 value; bytes data; }',
  'function executeBatch(Call[] calls)',
])

const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const hexData = z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/))
const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/))
const batchId = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/))

/** A capability the frame does not know may come only marked `optional: true` (EIP-5792). */
const optionalCapabilities = z.optional(z.record(z.string(), z.object({ optional: z.literal(true) })))

/** wallet_sendCalls' request, as far as the frame serves it: calls on one chain, each with a target. */
export const sendCallsParamsSchema = z.tuple([
  z.object({
    id: z.optional(z.string()),
    from: z.optional(address),
    chainId: quantity,
    atomicRequired: z.optional(z.boolean()),
    calls: z
      .array(
        z.object({
          to: address,
          data: z.optional(hexData),
          value: z.optional(quantity),
          capabilities: optionalCapabilities,
        }),
      )
      .check(z.minLength(1), z.maxLength(MAX_BATCH_CALLS)),
    capabilities: optionalCapabilities,
  }),
])

export type BatchCall = { to: Address; data: Hex; value: bigint }

export type Eip7702Chain = FrameChain & { eip7702: FrameEip7702 }

export function isEip7702Chain(chain: FrameChain): chain is Eip7702Chain {
  return chain.eip7702 !== undefined
}

/**
 * The batch of a wallet_sendCalls request from `from` on `chain`, refused as invalid params when it is not
 * one: another chain, another sender, a wallet-chosen id (the id is the transaction's hash), a capability
 * the request requires, or a call with data to the account itself or to the chain's EntryPoint.
 */
export function batchOf(params: readonly unknown[], chain: FrameChain, from: Address): BatchCall[] {
  const result = z.safeParse(sendCallsParamsSchema, params)
  if (!result.success)
    throw new FrameFailure(
      frameErrorCodes.invalidParams,
      `wallet_sendCalls: ${result.error.issues[0]?.message ?? 'invalid params'}`,
    )
  const [request] = result.data
  if (BigInt(request.chainId) !== BigInt(chain.chainId))
    throw new FrameFailure(frameErrorCodes.unknownChain, `The calls are for chain ${request.chainId}`)
  if (request.from !== undefined) assertOwnAccount(request.from, from)
  if (request.id !== undefined)
    throw new FrameFailure(frameErrorCodes.invalidParams, 'This wallet names its batches itself')
  /** Whether a call of the batch runs code at `target` (a plain transfer to it runs none). */
  const runsCodeAt = (target: string) =>
    request.calls.some(
      (call) => call.to.toLowerCase() === target.toLowerCase() && (call.data ?? '0x') !== '0x',
    )
  // The batch runs from the account's own code (Simple7702Account, SimpleAccount), which takes a call from
  // itself as its owner's: such a call could do anything as the account (an executeBatch of its own), and
  // the preview of an account not delegated yet runs it against no code at all, showing nothing of it.
  if (runsCodeAt(from))
    throw new FrameFailure(frameErrorCodes.unauthorized, 'A batch may not call the account itself')
  // The EntryPoint keeps the account's gas deposit (each operation's unspent prefund stays there) and pays
  // it to whatever address the account names (withdrawTo): no balance of the account changes, so the
  // approval's preview would show nothing leaving it. The SimpleAccount's is the chain's smartAccount one;
  // an address delegated by EIP-7702 is a Simple7702Account, whose EntryPoint is the one its code names,
  // with or without the chain's smartAccount config: v0.8's canonical address (its `entryPoint()` is pure).
  const entryPoints = [chain.smartAccount?.entryPoint, chain.eip7702 ? entryPoint08Address : undefined]
  if (entryPoints.some((entryPoint) => entryPoint !== undefined && runsCodeAt(entryPoint)))
    throw new FrameFailure(frameErrorCodes.unauthorized, 'A batch may not call the EntryPoint')
  return request.calls.map((call) => ({
    to: call.to as Address,
    data: (call.data ?? '0x') as Hex,
    value: call.value === undefined ? 0n : hexToBigInt(call.value as Hex),
  }))
}

/**
 * The approval's lines for a batch sent by `from` (the user's own address for an EIP-7702 batch, the smart
 * account's for a UserOperation): each call decoded (what it sends, to whom, ERC-20 transfers with their
 * amounts), the value the batch sends in all, then what running all the calls in order as `from` does
 * (each asset's net balance change, the fee and the total, or which call would fail and why), the chain,
 * and whether the account is made a smart account by this transaction. The fee is that of what runs the
 * batch (`paidGas`: the prepared transaction's or UserOperation's gas and price), not its calls' gas; a
 * transaction the chain `refused` to prepare is shown as failing, with the chain's reason.
 */
export async function batchRows({
  request,
  chain,
  from,
  calls,
  delegates,
  paidGas,
  refused,
}: {
  request: ChainRequest
  chain: FrameChain
  from: Address
  calls: readonly BatchCall[]
  delegates: boolean
  paidGas?: PaidGas
  refused?: RevertReason
}): Promise<Row[]> {
  const currency = {
    nativeSymbol: chain.nativeCurrency.symbol,
    nativeDecimals: chain.nativeCurrency.decimals,
  }
  const native = nativeAsset(currency)
  const preview = await previewCalls({
    request,
    chain: { id: chain.chainId, ...currency },
    from,
    calls,
    paidGas,
  })
  const rows = preview.calls.flatMap((call, index) => {
    const [first, ...rest] = callRows(call)
    const value = calls[index]?.value ?? 0n
    const withValue =
      call.kind !== 'nativeTransfer' && value > 0n
        ? [{ label: 'Value', value: amountOf(value, native).text }]
        : []
    return [...(first ? [{ ...first, label: `${index + 1}. ${first.label}` }] : []), ...rest, ...withValue]
  })
  const total = calls.reduce((sum, call) => sum + call.value, 0n)
  return [
    ...rows,
    {
      label: 'Total value',
      value: amountOf(total, native).text,
      ...(total > 0n ? { tone: 'minus' as const } : {}),
    },
    ...outcomeRows(preview.outcome, calls.length, refused),
    { label: 'Network', value: chain.name },
    ...(delegates
      ? [
          {
            label: 'Account',
            value: 'becomes a smart account (EIP-7702) with this transaction',
            tone: 'warn' as const,
          },
        ]
      : []),
  ]
}

/** The EIP-7702 delegation designator of an account delegated to `implementation`. */
const designatorOf = (implementation: string) =>
  concat(['0xef0100', implementation as Hex]).toLowerCase() as Hex

/**
 * Whether `account` must delegate to the chain's implementation first (true), already has (false); an
 * account with other code cannot batch here, and the request is refused as unsupported so the app may
 * send the calls one by one.
 */
export async function needsDelegation(request: ChainRequest, chain: Eip7702Chain, account: Address) {
  const code = String(await request('eth_getCode', [account, 'latest'])).toLowerCase()
  if (code === '0x' || code === '0x0') return true
  if (code === designatorOf(chain.eip7702.implementation)) return false
  throw new FrameFailure(frameErrorCodes.unsupportedMethod, 'This account cannot batch calls on this chain')
}

/**
 * The gas an account not delegated yet pays for each authorization of its transaction, before any refund
 * (EIP-7702's PER_EMPTY_ACCOUNT_COST): the estimate of a call made as if delegated leaves it out.
 */
const AUTHORIZATION_GAS = 25_000n

/** The one transaction of a batch, prepared before its approval, and whether it must carry the delegation. */
export type PreparedBatch = Extract<PreparedTransaction, { type: 'eip1559' }> & { delegates: boolean }

/**
 * The one transaction that runs the batch, its gas and fees fixed before the approval: a call from the
 * account to itself, executeBatch of its Simple7702Account code. An account not delegated yet is
 * estimated as if it were (its code overridden by the designator) plus its authorization's own gas, as
 * nothing is signed before the approval.
 */
export async function prepareBatch({
  request,
  chain,
  from,
  calls,
  delegates,
}: {
  request: ChainRequest
  chain: Eip7702Chain
  from: Address
  calls: readonly BatchCall[]
  delegates: boolean
}): Promise<PreparedBatch> {
  const data = encodeFunctionData({
    abi: executeBatchAbi,
    functionName: 'executeBatch',
    args: [calls.map(({ to, value, data }) => ({ target: to, value, data }))],
  })
  const call = { from, to: from, data }
  const estimate = delegates
    ? request('eth_estimateGas', [
        call,
        'latest',
        { [from]: { code: designatorOf(chain.eip7702.implementation) } },
      ])
    : request('eth_estimateGas', [call])
  const gas = hexToBigInt((await estimate) as Hex) + (delegates ? AUTHORIZATION_GAS : 0n)
  const prepared = await prepareTransaction(request, chain, from, {
    to: from,
    data,
    gas: numberToHex(gas),
  })
  if (prepared.type !== 'eip1559')
    throw new FrameFailure(frameErrorCodes.unsupportedMethod, 'This chain takes no EIP-7702 transactions')
  return { ...prepared, delegates }
}

/**
 * Whether `prepared`, the batch prepared again once approved, may be signed on that approval: within it as
 * any transaction (withinApproval), and making the account a smart account only if the approval said so.
 */
export function batchWithinApproval(prepared: PreparedBatch, approved: PreparedBatch): boolean {
  return withinApproval(feeOf(prepared), feeOf(approved)) && (approved.delegates || !prepared.delegates)
}

/**
 * The prepared batch as `account` signs it once approved, at its next nonce: carrying the delegation
 * (signed now, for the nonce after the transaction's own, as a self-sponsored EIP-7702 transaction
 * needs) when the account had none.
 */
export async function batchTransaction({
  request,
  chain,
  account,
  prepared: { delegates, ...prepared },
}: {
  request: ChainRequest
  chain: Eip7702Chain
  account: LocalAccount
  prepared: PreparedBatch
}): Promise<TransactionSerializable> {
  if (!account.signAuthorization)
    throw new FrameFailure(frameErrorCodes.internal, 'This wallet cannot sign a delegation')
  const nonce = await nextNonce(request, account.address)
  if (!delegates) return { ...prepared, nonce }
  const authorization = await account.signAuthorization({
    address: chain.eip7702.implementation as Address,
    chainId: chain.chainId,
    nonce: nonce + 1,
  })
  return { ...prepared, nonce, type: 'eip7702', authorizationList: [authorization] }
}

const receiptSchema = z.object({
  from: address,
  to: z.nullable(address),
  status: z.enum(['0x0', '0x1']),
  logs: z.array(z.object({ address, data: hexData, topics: z.array(hexData) })),
  blockHash: hexData,
  blockNumber: quantity,
  gasUsed: quantity,
  transactionHash: batchId,
})

/**
 * wallet_getCallsStatus of a batch this wallet sent: its id is the transaction's hash, so the chain holds
 * the status. Pending (100) until mined, then confirmed (200) or reverted (500), atomically either way. An
 * id that is no batch of `account` (another's transaction, or none) is an unknown bundle.
 */
export async function batchStatus(
  request: ChainRequest,
  chain: FrameChain,
  account: Address,
  params: readonly unknown[],
) {
  const id = z.safeParse(batchId, params[0])
  if (!id.success) throw new FrameFailure(unknownBundle, 'Unknown bundle id')
  const ours = (tx: { from?: unknown; to?: unknown } | null | undefined) =>
    typeof tx?.from === 'string' &&
    tx.from.toLowerCase() === account.toLowerCase() &&
    typeof tx.to === 'string' &&
    tx.to.toLowerCase() === account.toLowerCase()
  const status = { version: '2.0.0', id: id.data, chainId: numberToHex(chain.chainId), atomic: true }
  const answer = await request('eth_getTransactionReceipt', [id.data])
  if (answer === null) {
    const pending = (await request('eth_getTransactionByHash', [id.data])) as {
      from?: unknown
      to?: unknown
    } | null
    if (!ours(pending)) throw new FrameFailure(unknownBundle, 'Unknown bundle id')
    return { ...status, status: 100, receipts: [] }
  }
  const receipt = z.safeParse(receiptSchema, answer)
  if (!receipt.success || !ours(receipt.data)) throw new FrameFailure(unknownBundle, 'Unknown bundle id')
  const { logs, status: outcome, blockHash, blockNumber, gasUsed, transactionHash } = receipt.data
  return {
    ...status,
    status: outcome === '0x1' ? 200 : 500,
    receipts: [
      {
        logs: logs.map(({ address, data, topics }) => ({ address, data, topics })),
        status: outcome,
        blockHash,
        blockNumber,
        gasUsed,
        transactionHash,
      },
    ],
  }
}
