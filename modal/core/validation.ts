/** §5 validation rules for what wallets and users hand the modal. */

/** VAL-01: 0x and 40 hex characters, in any case (the checksum is not required). */
export function isEvmAddress(value: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(value)
}

/** VAL-02: 32 to 44 base58 characters (no 0, O, I or l). */
export function isSolanaAddress(value: string): boolean {
  return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)
}

/** VAL-03: 0x and exactly 64 hex characters. */
export function isTransactionHash(value: string): boolean {
  return /^0x[0-9a-fA-F]{64}$/.test(value)
}

/** VAL-04: 0x and at least 62 hex characters. */
export function isSignedMessage(value: string): boolean {
  return /^0x[0-9a-fA-F]{62,}$/.test(value)
}
