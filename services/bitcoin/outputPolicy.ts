import { TxRejection } from './rejection.js'

/** Esplora's `scriptpubkey_type` names for the output kinds this chain relays; `unknown` for any other. */
export type OutputKind = 'p2pkh' | 'p2sh' | 'v0_p2wpkh' | 'v0_p2wsh' | 'v1_p2tr' | 'op_return' | 'unknown'

/** Core's MAX_MONEY: no amount, nor sum of outputs, is larger. */
export const MAX_MONEY = 21_000_000n * 100_000_000n

/** Core's default `-datacarriersize` (before v30): an OP_RETURN output's script is at most this long. */
const MAX_OP_RETURN_SCRIPT_BYTES = 83

/** Core's `-dustrelayfee` default, 3,000 sat/kvB: what spending an output must be worth. */
const DUST_RELAY_SATS_PER_KVB = 3000n

export function outputKind(script: Uint8Array): OutputKind {
  const [first, second] = script
  const length = script.length
  if (
    length === 25 &&
    first === 0x76 &&
    second === 0xa9 &&
    script[2] === 0x14 &&
    script[23] === 0x88 &&
    script[24] === 0xac
  )
    return 'p2pkh'
  if (length === 23 && first === 0xa9 && second === 0x14 && script[22] === 0x87) return 'p2sh'
  if (length === 22 && first === 0x00 && second === 0x14) return 'v0_p2wpkh'
  if (length === 34 && first === 0x00 && second === 0x20) return 'v0_p2wsh'
  if (length === 34 && first === 0x51 && second === 0x20) return 'v1_p2tr'
  if (first === 0x6a) return 'op_return'
  return 'unknown'
}

/**
 * Core's `GetDustThreshold`: three times the fee at the dust relay rate of the output plus the input that
 * would spend it (a witness spend's input counts a quarter of its 107-byte witness). 294 sat for p2wpkh,
 * 330 for p2wsh and p2tr, 546 for p2pkh, 540 for p2sh; none for OP_RETURN, which is never spent.
 */
export function dustThreshold(script: Uint8Array): bigint {
  if (outputKind(script) === 'op_return') return 0n
  const outputBytes = 8 + compactSizeLength(script.length) + script.length
  const spendBytes = isWitnessProgram(script) ? 32 + 4 + 1 + Math.floor(107 / 4) + 4 : 32 + 4 + 1 + 107 + 4
  return (BigInt(outputBytes + spendBytes) * DUST_RELAY_SATS_PER_KVB) / 1000n
}

/** BIP141: a version opcode (OP_0, OP_1…OP_16) and one push of 2 to 40 bytes, nothing else. */
function isWitnessProgram(script: Uint8Array): boolean {
  const [version, push] = script
  if (version === undefined || push === undefined) return false
  if (version !== 0x00 && (version < 0x51 || version > 0x60)) return false
  return push >= 2 && push <= 40 && script.length === push + 2
}

function compactSizeLength(n: number): number {
  return n < 0xfd ? 1 : n <= 0xffff ? 3 : 5
}

type Output = { readonly amount: bigint; readonly script: Uint8Array }

/** The outputs' part of Core's `CheckTransaction`: amounts, and their sum, within MAX_MONEY. */
export function checkOutputValues(outputs: readonly Output[]): void {
  let total = 0n
  for (const { amount } of outputs) {
    if (amount < 0n) throw new TxRejection(-26, 'bad-txns-vout-negative')
    if (amount > MAX_MONEY) throw new TxRejection(-26, 'bad-txns-vout-toolarge')
    total += amount
    if (total > MAX_MONEY) throw new TxRejection(-26, 'bad-txns-txouttotal-toolarge')
  }
}

/**
 * The outputs' part of Core's `IsStandardTx`: standard scripts only, at most one OP_RETURN of at most 83
 * bytes, no dust. Throws the rejection Core gives.
 */
export function checkStandardOutputs(outputs: readonly Output[]): void {
  let opReturns = 0
  for (const { script } of outputs) {
    const kind = outputKind(script)
    if (kind === 'unknown') throw new TxRejection(-26, 'scriptpubkey')
    if (kind === 'op_return') {
      if (script.length > MAX_OP_RETURN_SCRIPT_BYTES) throw new TxRejection(-26, 'scriptpubkey')
      opReturns++
    }
  }
  if (opReturns > 1) throw new TxRejection(-26, 'multi-op-return')
  if (outputs.some(({ amount, script }) => amount < dustThreshold(script))) throw new TxRejection(-26, 'dust')
}
