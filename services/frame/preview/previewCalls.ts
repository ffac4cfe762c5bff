import type { Address, Hex } from 'viem'
import { nativeAsset } from './amounts.js'
import { decodeCall } from './decodeCall.js'
import { outcomeOf, type PaidGas } from './outcome.js'
import type { PreviewChain } from './previewTransaction.js'
import type { ChainRequest } from './request.js'
import type { CallsPreview } from './schemas.js'

export type PreviewCallsParameters = {
  request: ChainRequest
  chain: PreviewChain
  /** The account that will send the calls: the user's own for an EIP-7702 batch, else its smart account. */
  from: Address
  calls: readonly { to: Address; data: Hex; value: bigint }[]
  /** What `from` pays for when the calls do not pay their own gas: a UserOperation's limits and price. */
  paidGas?: PaidGas
}

/**
 * What a batch (EIP-5792 wallet_sendCalls) sent by `from` will do: each call decoded, and the outcome of
 * running them all in order as `from`, in one simulated block where the chain can (a later call sees
 * what the earlier ones did): the net balance change per asset over the whole batch, the fee and the
 * total, or the first call that would fail and why. Throws when the chain cannot be reached.
 */
export async function previewCalls({
  request,
  chain,
  from,
  calls,
  paidGas,
}: PreviewCallsParameters): Promise<CallsPreview> {
  const native = nativeAsset(chain)
  const runs = await Promise.all(
    calls.map(async (call) => {
      const run = { from, ...call }
      return { run, decoded: await decodeCall(request, run, native) }
    }),
  )
  const outcome = await outcomeOf({ request, native, account: from, runs, paidGas })
  return { chainId: chain.id, from, calls: runs.map(({ decoded }) => decoded), outcome }
}
