import { type Client, Eip1559FeesNotSupportedError } from 'viem'
import { estimateFeesPerGas } from 'viem/actions'
import type { FeesPerGas } from '../adapters/eip155/walletActions.js'

/**
 * A send's fee as the visitor reviews it: the gas limit and fees per gas the wallet is then asked with, and
 * the most they may cost (`gas` × the max fee per gas, or the gas price), which Max leaves for them.
 */
export type Fee = { gas: bigint; perGas: FeesPerGas; cost: bigint }

export function feeOf(gas: bigint, perGas: FeesPerGas): Fee {
  return { gas, perGas, cost: gas * ('gasPrice' in perGas ? perGas.gasPrice : perGas.maxFeePerGas) }
}

/** viem's estimate of the fees per gas on `client`'s chain: EIP-1559's, or the gas price on a legacy chain. */
export async function feesPerGas(client: Client): Promise<FeesPerGas> {
  try {
    const { maxFeePerGas, maxPriorityFeePerGas } = await estimateFeesPerGas(client)
    return { maxFeePerGas, maxPriorityFeePerGas }
  } catch (error) {
    if (!(error instanceof Eip1559FeesNotSupportedError)) throw error
    const { gasPrice } = await estimateFeesPerGas(client, { chain: client.chain, type: 'legacy' })
    return { gasPrice }
  }
}
