import type { Hex } from 'viem'
import type { TransactionRequest } from './schemas.js'

/** The latest block as far as fees go: a chain with EIP-1559 names its base fee. */
export type FeeBlock = { baseFeePerGas?: Hex } | null

/**
 * The price per gas the host named that the signed transaction will use: `gasPrice` on a chain without
 * EIP-1559 (a legacy transaction), `maxFeePerGas` on one with it. The other field is ignored by both the
 * approval and the signing, so a host cannot show the user one price and have another signed.
 */
export function hostPricePerGas(tx: TransactionRequest, block: FeeBlock): Hex | undefined {
  return block?.baseFeePerGas === undefined ? tx.gasPrice : tx.maxFeePerGas
}
