/**
 * The Bitcoin adapter's own errors: what a send, a signature or a switch can fail with before or after the
 * wallet is asked. Apps catch them (the modal shows their message), so they stay out of the modal's
 * translated catalogue and cost an EVM page nothing.
 */
export const bitcoinErrors = {
  INVALID_ADDRESS: 'Not a valid address on this network:',
  INVALID_AMOUNT: 'Not a whole, positive number of satoshis up to 21 million BTC:',
  INVALID_FEE_RATE: 'Not a fee rate above 0 and at most 10,000 sat/vB:',
  BELOW_DUST: 'Less than the network relays to this address (dust); the least, in satoshis:',
  INVALID_PSBT: 'Not a PSBT a wallet is asked to sign:',
  INSUFFICIENT_FUNDS: 'Insufficient funds for the amount and the network fee.',
  UNSUPPORTED_PROTOCOL: 'This wallet cannot sign messages with',
  UNKNOWN_PROTOCOL: 'Not a message-signing protocol this adapter knows:',
  SWITCH_IN_WALLET: 'This wallet cannot be switched from the page; switch the network in your wallet to',
  UNKNOWN_NETWORK: 'Not a Bitcoin network this adapter knows:',
  WALLET_ANSWER: 'The wallet answered an unexpected shape:',
  WALLET_REJECTED: 'The wallet refused:',
  BROADCAST_FAILED: 'The network refused the transaction:',
  ESPLORA: 'The Esplora API failed:',
} as const

export type BitcoinErrorCode = keyof typeof bitcoinErrors

export class BitcoinError extends Error {
  override name = 'BitcoinError'
  readonly code: BitcoinErrorCode
  override readonly cause: unknown

  /** `detail` completes the message, as the network's name does the switch's. */
  constructor(code: BitcoinErrorCode, cause?: unknown, detail?: string) {
    super(detail ? `${bitcoinErrors[code]} ${detail}` : bitcoinErrors[code])
    this.code = code
    this.cause = cause
  }
}
