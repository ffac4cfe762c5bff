import { formatUnits } from 'viem'
import type { WalletError } from '../controllers/errors.js'
import { finerThan } from '../controllers/finerThan.js'
import { typedDecimal } from '../ui/components/typedDecimal.js'

/**
 * Why an amount cannot be sent. `invalid` carries the ERR-48 error; the others name a text of the send
 * feature and what it needs.
 */
export type AmountIssue =
  | { kind: 'missing' }
  | { kind: 'invalid'; error: WalletError }
  | { kind: 'tooManyDecimals'; decimals: number }
  | { kind: 'overBalance' }
  | { kind: 'overBalanceWithFee'; fee: bigint }
  | { kind: 'noFeeFunds'; fee: bigint }

/** An amount in a token's smallest unit, or the invalid decimal number error thrown. */
export type ParseUnits = (value: string, decimals: number) => bigint

export type AmountCheck = { ok: true; amount: bigint } | { ok: false; issue: AmountIssue }

/** What an amount is checked against: the balances in smallest units, and the fee once estimated. */
export type AmountLimits = {
  decimals: number
  /**
   * The adapter's strict parser (ERR-48 for `1.2.3`), handed in: importing it would split it out of the
   * first load's chunk.
   */
  parse: ParseUnits
  /** The visitor's locale, whose digits and decimal separator an amount may be written in (`0,5` in German). */
  locale: string
  /** The balance of the token sent (of the native coin when `native`). */
  balance: bigint
  /** The native coin's balance, which pays the fee. */
  nativeBalance: bigint
  native: boolean
  fee?: bigint | undefined
}

/**
 * The amount a visitor wrote, in the token's smallest unit. §5: a value that is not numeric (no digit in
 * it: empty, `abc`) counts as zero; one with digits must be a decimal number, else the invalid decimal
 * number error (ERR-48: `1.2.3`). The error is thrown.
 */
export function sendAmount(text: string, decimals: number, parse: ParseUnits): bigint {
  const value = text.trim()
  if (!/\d/.test(value)) return 0n
  return parse(value, decimals)
}

/**
 * Checks an amount, as written in the visitor's locale, before it is offered for sending: more than zero, no
 * finer than the token's decimals (parsing would round it silently), within the balance, and for the native
 * coin within the balance less the fee; a token send needs the fee in the native coin.
 */
export function checkAmount(text: string, limits: AmountLimits): AmountCheck {
  const written = typedDecimal(text, limits.locale)
  let amount: bigint
  try {
    amount = sendAmount(written, limits.decimals, limits.parse)
  } catch (error) {
    return { ok: false, issue: { kind: 'invalid', error: error as WalletError } }
  }
  if (amount <= 0n) return { ok: false, issue: { kind: 'missing' } }
  if (finerThan(written, limits.decimals))
    return { ok: false, issue: { kind: 'tooManyDecimals', decimals: limits.decimals } }
  if (amount > limits.balance) return { ok: false, issue: { kind: 'overBalance' } }
  const { fee } = limits
  if (fee !== undefined) {
    if (limits.native && amount + fee > limits.balance)
      return { ok: false, issue: { kind: 'overBalanceWithFee', fee } }
    if (!limits.native && fee > limits.nativeBalance) return { ok: false, issue: { kind: 'noFeeFunds', fee } }
  }
  return { ok: true, amount }
}

/** Max: the whole balance of a token; of the native coin, what is left once the fee is paid (never below 0). */
export function maxAmount(limits: Pick<AmountLimits, 'balance' | 'decimals' | 'native' | 'fee'>): string {
  const spendable = limits.native ? limits.balance - (limits.fee ?? 0n) : limits.balance
  return formatUnits(spendable > 0n ? spendable : 0n, limits.decimals)
}
