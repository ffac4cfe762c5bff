/**
 * BIP66's strict DER rule for an ECDSA signature with its sighash byte appended (Core's
 * `IsValidSignatureEncoding`): `30 len 02 lenR R 02 lenS S hashtype`, each integer positive and minimal.
 */
export function isStrictDer(sig: Uint8Array): boolean {
  const size = sig.length
  if (size < 9 || size > 73) return false
  if (sig[0] !== 0x30 || sig[1] !== size - 3) return false
  const lenR = sig[3] as number
  if (5 + lenR >= size) return false
  const lenS = sig[5 + lenR] as number
  if (lenR + lenS + 7 !== size) return false
  return isMinimalInteger(sig, 2, lenR) && isMinimalInteger(sig, lenR + 4, lenS)
}

/** The integer whose `02` tag sits at `at`: present, not negative, no needless leading zero. */
function isMinimalInteger(sig: Uint8Array, at: number, length: number): boolean {
  if (sig[at] !== 0x02 || length === 0) return false
  const first = sig[at + 2] as number
  if (first & 0x80) return false
  return !(length > 1 && first === 0 && !((sig[at + 3] as number) & 0x80))
}
