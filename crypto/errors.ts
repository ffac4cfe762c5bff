/** Every failure the crypto layer can report; callers branch on `code`, never on message text. */
export type CryptoErrorCode =
  | 'INVALID_INPUT'
  | 'INVALID_KEY'
  | 'INVALID_ENCODING'
  | 'INVALID_ENVELOPE'
  | 'DECRYPT_FAILED'
  | 'INVALID_DID'
  | 'INVALID_JWT'
  | 'JWT_EXPIRED'
  /** `exp - iat` is longer than the verifier allows (a day by default). */
  | 'JWT_LIFETIME'
  | 'JWT_NOT_YET_VALID'
  | 'JWT_AUDIENCE'
  /** The runtime lacks a primitive, e.g. a Web Crypto without X25519. */
  | 'UNSUPPORTED'

export class CryptoError extends Error {
  override readonly name = 'CryptoError'
  readonly code: CryptoErrorCode

  constructor(code: CryptoErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
  }
}

export function isCryptoError(value: unknown): value is CryptoError {
  return value instanceof CryptoError
}
