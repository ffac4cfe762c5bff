import { type Address, type Hex, hexToBigInt, zeroAddress } from 'viem'
import { amountOf, type NativeCurrency, nativeAsset } from './amounts.js'
import { balanceChanges, type Transfer } from './balanceChanges.js'
import { decodeCall } from './decodeCall.js'
import { execute } from './execute.js'
import type { ChainRequest } from './request.js'
import { refusalReason } from './revertReason.js'
import { type CallToRun, rpcCall } from './rpcCall.js'
import {
  type DecodedCall,
  type RevertReason,
  type TransactionPreview,
  type TransactionRequest,
  transactionRequestSchema,
} from './schemas.js'

export type PreviewChain = NativeCurrency & { readonly id: number }

export type PreviewTransactionParameters = {
  request: ChainRequest
  chain: PreviewChain
  from: Address
  /** The `eth_sendTransaction` parameter as the host sent it; checked here (throws a ZodError). */
  tx: unknown
}

/** The call's gas limit (its own, else the node's estimate), or why the node refused to estimate it. */
async function gasOf(request: ChainRequest, call: CallToRun): Promise<bigint | RevertReason> {
  if (call.gas !== undefined) return call.gas
  try {
    return hexToBigInt((await request('eth_estimateGas', [rpcCall(call)])) as Hex)
  } catch (error) {
    const reason = refusalReason(error)
    if (!reason) throw error
    return reason
  }
}

async function pricePerGas(request: ChainRequest, tx: TransactionRequest): Promise<bigint> {
  const price = tx.maxFeePerGas ?? tx.gasPrice ?? ((await request('eth_gasPrice', [])) as Hex)
  return hexToBigInt(price)
}

/** Without a trace, the value sent and the ERC-20 amount the call names are what moves. */
function estimatedTransfers({ from, to, value }: CallToRun, call: DecodedCall): Transfer[] {
  const transfers: Transfer[] = [{ asset: 'native', from, to: to ?? zeroAddress, value }]
  if (call.kind === 'erc20Transfer') {
    const { token, owner, to: recipient, amount } = call
    transfers.push({ asset: token.address, from: owner, to: recipient, value: amount.value })
  }
  return transfers
}

/**
 * What sending `tx` from `from` will do: the decoded call, the account's balance changes (traced by
 * `eth_simulateV1` where the chain answers it, else estimated from the call), the fee and the total
 * native outflow, or the revert reason when it would fail. Throws when the chain cannot be reached.
 */
export async function previewTransaction({
  request,
  chain,
  from,
  tx,
}: PreviewTransactionParameters): Promise<TransactionPreview> {
  const parsed = transactionRequestSchema.parse(tx)
  const native = nativeAsset(chain)
  const call: CallToRun = {
    from,
    ...(parsed.to ? { to: parsed.to } : {}),
    data: parsed.data ?? parsed.input ?? '0x',
    value: parsed.value ? hexToBigInt(parsed.value) : 0n,
    ...(parsed.gas ? { gas: hexToBigInt(parsed.gas) } : {}),
  }
  const [decoded, execution, gas, price] = await Promise.all([
    decodeCall(request, call, native),
    execute(request, call),
    gasOf(request, call),
    pricePerGas(request, parsed),
  ])
  const base = { chainId: chain.id, from, call: decoded }
  if (execution.status === 'reverted') return { ...base, outcome: execution }
  if (typeof gas !== 'bigint') return { ...base, outcome: { status: 'reverted', reason: gas } }
  const transfers = execution.source === 'simulated' ? execution.transfers : estimatedTransfers(call, decoded)
  const known = 'token' in decoded ? [decoded.token] : []
  const changes = await balanceChanges(request, from, transfers, native, known)
  const fee = gas * price
  return {
    ...base,
    outcome: {
      status: 'success',
      source: execution.source,
      changes,
      fee: { gas, pricePerGas: price, amount: amountOf(fee, native) },
      total: amountOf(call.value + fee, native),
    },
  }
}
