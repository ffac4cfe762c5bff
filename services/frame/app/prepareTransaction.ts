import { frameErrorCodes } from '@pairwise/engine/frame'
import { type Address, type Hex, hexToBigInt, type TransactionSerializable } from 'viem'
import { type FeeBlock, hostPricePerGas, transactionRequestSchema } from '../preview/index.js'
import { FrameFailure } from './frameServer.js'

type Rpc = (method: string, params: readonly unknown[]) => Promise<unknown>
const big = (value: unknown) => hexToBigInt(value as Hex)

/** The host's `eth_sendTransaction` parameter made whole from the chain (nonce, gas, EIP-1559 fees), ready to sign. */
export async function prepareTransaction(
  rpc: Rpc,
  chainId: number,
  from: Address,
  raw: unknown,
): Promise<TransactionSerializable> {
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
  const [nonce, gas, block, tip] = await Promise.all([
    rpc('eth_getTransactionCount', [from, 'pending']),
    tx.gas ?? rpc('eth_estimateGas', [call]),
    rpc('eth_getBlockByNumber', ['latest', false]) as Promise<FeeBlock>,
    rpc('eth_maxPriorityFeePerGas', []).catch(() => '0x0'),
  ])
  const base = block?.baseFeePerGas
  const named = hostPricePerGas(tx, block)
  const common = {
    chainId,
    nonce: Number(big(nonce)),
    gas: big(gas),
    ...(tx.to ? { to: tx.to } : {}),
    ...(data ? { data } : {}),
    value: tx.value ? big(tx.value) : 0n,
  }
  if (base === undefined)
    return {
      ...common,
      gasPrice: big(named ?? (await rpc('eth_gasPrice', []))),
      type: 'legacy',
    }
  const maxPriorityFeePerGas = big(tip)
  return {
    ...common,
    type: 'eip1559',
    maxPriorityFeePerGas,
    maxFeePerGas: named ? big(named) : big(base) * 2n + maxPriorityFeePerGas,
  }
}
