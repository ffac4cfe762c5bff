import type { AddressScript } from './addressScript.js'
import type { Utxo } from './esplora.js'

/**
 * Weight units of one signed input, as a fee estimate counts them (BIP-141: 4 per base byte, 1 per witness
 * byte): outpoint, empty scriptSig length and sequence (41 bytes, 164 WU), then the witness. p2wpkh: a stack
 * of 2 items, a signature counted at its 72-byte maximum and a 33-byte key (1 + 73 + 34); p2tr key path: one
 * 64-byte Schnorr signature (1 + 65).
 */
export const inputWeights = { p2wpkh: 164 + 108, p2tr: 164 + 66 } as const

// Bitcoin Core's dust limit at its 3 sat/vB dust relay fee for a 182-byte spend (a legacy input and output).
const dust = 546n
// Version and locktime: 8 bytes.
const txWeight = 32
// The segwit marker and flag: 2 witness bytes.
const segwitWeight = 2

const compactSizeLength = (n: number) => (n < 0xfd ? 1 : n <= 0xffff ? 3 : 5)

/**
 * The least an output to an address may carry and still be relayed: Bitcoin Core's GetDustThreshold at its
 * 3 sat/vB dust relay fee, over the output's bytes and those of the input that would spend it (67 for a
 * witness program, 148 otherwise). p2wpkh 294, p2tr and p2wsh 330, p2sh 540, p2pkh 546.
 */
export function dustThreshold({ type, script }: AddressScript): bigint {
  const spend = type === 'p2pkh' || type === 'p2sh' ? 148 : 67
  return 3n * BigInt(8 + compactSizeLength(script.length) + script.length + spend)
}

const outputWeight = (script: Uint8Array) => 4 * (8 + compactSizeLength(script.length) + script.length)
const vsize = (weight: number) => BigInt(Math.ceil(weight / 4))

export type CoinSelection = {
  coins: Utxo[]
  outputs: { script: Uint8Array; amount: bigint }[]
  fee: bigint
}

/**
 * The coins paying `amount` to `to` at `feeRate` sat/vB, all of one account's script type, with change back
 * to `change` when what is left over is above dust (else it goes to the fee); undefined when the coins do
 * not cover amount and fee. Biggest coins first: first without overshooting amount, fee and dust by more than
 * a coin (a change-free spend), else accumulated until they cover it, each coin worth more than the fee of
 * spending it.
 */
export function selectCoins(input: {
  coins: readonly Utxo[]
  inputWeight: number
  to: Uint8Array
  amount: bigint
  change: Uint8Array
  feeRate: bigint
}): CoinSelection | undefined {
  const { amount, feeRate, inputWeight } = input
  const baseWeight = txWeight + outputWeight(input.to) + 4 * compactSizeLength(1)
  const feeOfInput = feeRate * vsize(inputWeight)
  // A stable sort: coins of one value keep the Esplora's order.
  const biggest = [...input.coins].sort((a, b) => (b.value > a.value ? 1 : b.value < a.value ? -1 : 0))

  const accumulate = (exact: boolean) => {
    const picked: Utxo[] = []
    let weight = baseWeight + segwitWeight
    let total = 0n
    for (const coin of biggest) {
      const withCoin = weight + inputWeight
      const totalWeight = withCoin + 4 * compactSizeLength(picked.length + 1)
      const fee = feeRate * vsize(totalWeight)
      if (exact ? coin.value + total > amount + fee + dust : coin.value <= feeOfInput) continue
      weight = withCoin
      total += coin.value
      picked.push(coin)
      if (amount + fee <= total) return { picked, fee, totalWeight, total }
    }
    return undefined
  }
  const chosen = accumulate(true) ?? accumulate(false)
  if (!chosen) return undefined
  const payment = { script: input.to, amount }
  // The change output, and the output count's CompactSize growing with it.
  const changeWeight =
    chosen.totalWeight + outputWeight(input.change) + 4 * (compactSizeLength(2) - compactSizeLength(1))
  const changeFee = feeRate * vsize(changeWeight)
  const change = chosen.total - amount - changeFee
  if (change > dust)
    return {
      coins: chosen.picked,
      outputs: [payment, { script: input.change, amount: change }],
      fee: changeFee,
    }
  return { coins: chosen.picked, outputs: [payment], fee: chosen.total - amount }
}
