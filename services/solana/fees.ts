import type { CompiledTransactionMessage, ReadonlyUint8Array } from '@solana/kit'

/** What one signature costs on every Solana cluster. */
export const lamportsPerSignature = 5000n

const computeBudgetProgram = 'ComputeBudget111111111111111111111111111111'
const defaultUnitsPerInstruction = 200_000n
const maxComputeUnits = 1_400_000n

function readUint(data: ReadonlyUint8Array, offset: number, bytes: 4 | 8): bigint {
  let value = 0n
  for (let i = bytes - 1; i >= 0; i--) value = (value << 8n) | BigInt(data[offset + i] ?? 0)
  return value
}

/**
 * The fee the runtime charges for a message: 5,000 lamports per signature plus the priority fee its
 * ComputeBudget instructions set (unit price in micro-lamports × unit limit, rounded up).
 */
export function messageFee(message: CompiledTransactionMessage & { version: 'legacy' | 0 }): bigint {
  let unitPrice = 0n
  let unitLimit: bigint | undefined
  let otherInstructions = 0n
  for (const instruction of message.instructions) {
    const data = instruction.data ?? new Uint8Array()
    if (message.staticAccounts[instruction.programAddressIndex] !== computeBudgetProgram) otherInstructions++
    else if (data[0] === 2 && data.length >= 5) unitLimit = readUint(data, 1, 4)
    else if (data[0] === 3 && data.length >= 9) unitPrice = readUint(data, 1, 8)
  }
  const units = unitLimit ?? minBigint(defaultUnitsPerInstruction * otherInstructions, maxComputeUnits)
  const priority = (unitPrice * units + 999_999n) / 1_000_000n
  return lamportsPerSignature * BigInt(message.header.numSignerAccounts) + priority
}

function minBigint(a: bigint, b: bigint): bigint {
  return a < b ? a : b
}
