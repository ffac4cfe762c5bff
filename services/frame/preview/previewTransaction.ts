import { type Address, hexToBigInt } from 'viem'
import { type NativeCurrency, nativeAsset } from './amounts.js'
import { decodeCall } from './decodeCall.js'
import { type FeeBlock, hostPricePerGas } from './hostPricePerGas.js'
import { outcomeOf, type PaidGas } from './outcome.js'
import type { ChainRequest } from './request.js'
import type { CallToRun } from './rpcCall.js'
import { type TransactionPreview, transactionRequestSchema } from './schemas.js'

export type PreviewChain = NativeCurrency & { readonly id: number }

export type PreviewTransactionParameters = {
  request: ChainRequest
  chain: PreviewChain
  from: Address
  /** The `eth_sendTransaction` parameter as the host sent it; checked here (throws a ZodError). */
  tx: unknown
  /** The gas limit and price per gas the transaction is signed with, once prepared: what its fee is. */
  paidGas?: PaidGas
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
  paidGas,
}: PreviewTransactionParameters): Promise<TransactionPreview> {
  const parsed = transactionRequestSchema.parse(tx)
  const native = nativeAsset(chain)
  const run: CallToRun = {
    from,
    ...(parsed.to ? { to: parsed.to } : {}),
    data: parsed.data ?? parsed.input ?? '0x',
    value: parsed.value ? hexToBigInt(parsed.value) : 0n,
    ...(parsed.gas ? { gas: hexToBigInt(parsed.gas) } : {}),
  }
  const [call, block] = await Promise.all([
    decodeCall(request, run, native),
    request('eth_getBlockByNumber', ['latest', false]) as Promise<FeeBlock>,
  ])
  const pricePerGas = hostPricePerGas(parsed, block)
  const outcome = await outcomeOf({
    request,
    native,
    account: from,
    runs: [{ run, decoded: call }],
    ...(pricePerGas ? { pricePerGas } : {}),
    paidGas,
  })
  return { chainId: chain.id, from, call, outcome }
}
