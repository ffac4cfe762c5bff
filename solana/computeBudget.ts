import { address, type Instruction } from '@solana/kit'

const computeBudgetProgram = address('ComputeBudget111111111111111111111111111111')

/** A priority fee: the price of one compute unit and the units the transaction may use. */
export type PriorityFee = { microLamportsPerUnit: bigint; computeUnits: number }

/**
 * The Compute Budget program's SetComputeUnitLimit (2) and SetComputeUnitPrice (3) instructions. Written out
 * because their layout is two fixed fields, not worth a dependency.
 */
export function priorityFeeInstructions({ microLamportsPerUnit, computeUnits }: PriorityFee): Instruction[] {
  const limit = new Uint8Array(5)
  limit[0] = 2
  new DataView(limit.buffer).setUint32(1, computeUnits, true)
  const price = new Uint8Array(9)
  price[0] = 3
  new DataView(price.buffer).setBigUint64(1, microLamportsPerUnit, true)
  return [
    { programAddress: computeBudgetProgram, data: limit },
    { programAddress: computeBudgetProgram, data: price },
  ]
}
