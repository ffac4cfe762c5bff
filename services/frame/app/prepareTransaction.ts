import { frameErrorCodes } from '@pairwise/engine/frame'
import {
  type Address,
  type Hex,
  hexToBigInt,
  type TransactionSerializableEIP1559,
  type TransactionSerializableLegacy,
} from 'viem'
import type { FrameChain } from '../frameConfig.js'
import {
  amountOf,
  type FeeBlock,
  hostPricePerGas,
  nativeAsset,
  type PaidGas,
  type RevertReason,
  refusalReason,
  transactionRequestSchema,
} from '../preview/index.js'
import { FrameFailure } from './frameServer.js'

type Rpc = (method: string, params: readonly unknown[]) => Promise<unknown>
const big = (value: unknown) => hexToBigInt(value as Hex)

/**
 * A transaction whole but for its nonce: its gas and fees are fixed before the approval, which shows what
 * they cost at most, and signed as they are once approved.
 */
export type PreparedTransaction =
  | (Omit<TransactionSerializableLegacy, 'nonce'> & { type: 'legacy'; gas: bigint; gasPrice: bigint })
  | (Omit<TransactionSerializableEIP1559, 'nonce'> & {
      type: 'eip1559'
      gas: bigint
      maxFeePerGas: bigint
      maxPriorityFeePerGas: bigint
    })

/**
 * How long the fees a transaction was prepared with are signed as they are: an approval open longer has its
 * transaction prepared again once approved. A maxFeePerGas of twice the base fee holds through six full
 * blocks in a row (the base fee rises by at most 1/8 a block: 1.125^6 ≈ 2), some 72 s at Ethereum's 12 s
 * slots; a minute stays within that, and spares the approvals answered within it a second round of reads.
 */
export const PREPARED_FEES_MAX_AGE_MS = 60_000

/** The most a prepared transaction costs: its gas limit at its maxFeePerGas (its gasPrice when legacy). */
export function feeOf(transaction: PreparedTransaction): PaidGas {
  return {
    gas: transaction.gas,
    pricePerGas: transaction.type === 'legacy' ? transaction.gasPrice : transaction.maxFeePerGas,
  }
}

/**
 * Whether `prepared`, the fee of what was prepared again once approved (a transaction or a UserOperation
 * whose approval stayed open past PREPARED_FEES_MAX_AGE_MS, or whose account changed meanwhile), may be
 * signed on that approval: it costs at most no more than `approved`, the fee the approval showed.
 * Otherwise it needs an approval of its own.
 */
export function withinApproval(prepared: PaidGas, approved: PaidGas): boolean {
  return prepared.gas * prepared.pricePerGas <= approved.gas * approved.pricePerGas
}

/**
 * What an approval shows of what is being prepared (a transaction, a UserOperation), from the fee `paying`
 * is for: that fee, the most it costs, or why the chain or bundler refused it (it cannot be sent, though its
 * calls may succeed alone). What is prepared stays rejected, so approving such a request answers that
 * refusal, and nothing is signed. An unreachable chain or bundler throws.
 */
export async function shownFee(
  paying: Promise<PaidGas>,
): Promise<{ paidGas: PaidGas } | { refused: RevertReason }> {
  try {
    return { paidGas: await paying }
  } catch (error) {
    const refused = refusalReason(error)
    if (refused === undefined) throw error
    return { refused }
  }
}

/** The account's next nonce, read as it signs: an approval left open a while must not sign a stale one. */
export async function nextNonce(rpc: Rpc, from: Address): Promise<number> {
  return Number(big(await rpc('eth_getTransactionCount', [from, 'pending'])))
}

/** EIP-1474's "Transaction rejected": what a node answers a transaction it will not take into its pool. */
const transactionRejected = -32003

/**
 * The node's refusal of a transaction whose most it may cost (its value, and its gas limit at its
 * maxFeePerGas) is more than the account holds, put in the wallet's words before anything is signed.
 */
function cannotPay(chain: Pick<FrameChain, 'nativeCurrency'>, held: bigint, atMost: bigint) {
  const native = nativeAsset({
    nativeSymbol: chain.nativeCurrency.symbol,
    nativeDecimals: chain.nativeCurrency.decimals,
  })
  return new FrameFailure(
    transactionRejected,
    `The account holds ${amountOf(held, native).text}; this transaction may cost up to ${amountOf(atMost, native).text}`,
  )
}

/**
 * The host's `eth_sendTransaction` parameter made whole from the chain (gas, EIP-1559 fees) but its nonce,
 * refused as the node would refuse it when the account cannot pay the most it may cost: an estimate and a
 * simulation, made without fees, do not tell.
 */
export async function prepareTransaction(
  rpc: Rpc,
  chain: Pick<FrameChain, 'chainId' | 'nativeCurrency'>,
  from: Address,
  raw: unknown,
): Promise<PreparedTransaction> {
  const parsed = transactionRequestSchema.safeParse(raw)
  if (!parsed.success) throw new FrameFailure(frameErrorCodes.invalidParams, 'Invalid transaction')
  const tx = parsed.data
  const data = tx.data ?? tx.input
  const call = {
    from,
    ...(tx.to ? { to: tx.to } : {}),
    ...(data ? { data } : {}),
    ...(tx.value ? { value: tx.value } : {}),
  }
  const [gas, block, tip, balance] = await Promise.all([
    tx.gas ?? rpc('eth_estimateGas', [call]),
    rpc('eth_getBlockByNumber', ['latest', false]) as Promise<FeeBlock>,
    rpc('eth_maxPriorityFeePerGas', []).catch(() => '0x0'),
    // 'pending', as the node checks: against its head less what the account's transactions in its pool
    // may spend (geth), and this one runs after those, at the nonce read once approved.
    rpc('eth_getBalance', [from, 'pending']),
  ])
  const base = block?.baseFeePerGas
  const named = hostPricePerGas(tx, block)
  const common = {
    chainId: chain.chainId,
    gas: big(gas),
    ...(tx.to ? { to: tx.to } : {}),
    ...(data ? { data } : {}),
    value: tx.value ? big(tx.value) : 0n,
  }
  const maxPriorityFeePerGas = big(tip)
  const prepared: PreparedTransaction =
    base === undefined
      ? { ...common, gasPrice: big(named ?? (await rpc('eth_gasPrice', []))), type: 'legacy' }
      : {
          ...common,
          type: 'eip1559',
          maxPriorityFeePerGas,
          maxFeePerGas: named ? big(named) : big(base) * 2n + maxPriorityFeePerGas,
        }
  const { pricePerGas } = feeOf(prepared)
  const atMost = common.value + common.gas * pricePerGas
  if (atMost > big(balance)) throw cannotPay(chain, big(balance), atMost)
  return prepared
}
