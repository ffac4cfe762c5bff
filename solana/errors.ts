/**
 * The Solana adapter's own errors: what a transfer or a setting can fail with before or after the wallet is
 * asked. Apps catch them (the modal shows none), so they stay out of the modal's translated catalogue and
 * cost an EVM page nothing.
 */
export const solanaErrors = {
  TRANSACTION_FAILED: 'Transaction failed:',
  TRANSACTION_EXPIRED: 'The transaction expired before it was confirmed:',
  BELOW_RENT_MINIMUM: 'A new account needs at least its rent-exempt minimum:',
  INSUFFICIENT_FUNDS: 'Insufficient funds for the amount and the network fee.',
  INVALID_ADDRESS: 'Not a valid address:',
  INVALID_PREFLIGHT_COMMITMENT: 'Not a valid preflight commitment:',
  TRANSACTION_AS_MESSAGE:
    'Not signed as a message: these bytes are a transaction the account signs, which a signature would send:',
} as const

export type SolanaErrorCode = keyof typeof solanaErrors

export class SolanaError extends Error {
  override name = 'SolanaError'
  readonly code: SolanaErrorCode
  override readonly cause: unknown

  /** `detail` completes the message, as the minimum does 'A new account needs at least …:'. */
  constructor(code: SolanaErrorCode, cause?: unknown, detail?: string) {
    super(detail ? `${solanaErrors[code]} ${detail}` : solanaErrors[code])
    this.code = code
    this.cause = cause
  }
}
