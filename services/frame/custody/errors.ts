/** Every failure custody reports; callers branch on `code` (or the class), never on message text. */
export type CustodyErrorCode =
  | 'TAMPERED_SHARE'
  | 'WRONG_PASSPHRASE'
  | 'WEAK_PASSPHRASE'
  | 'INVALID_RECOVERY_BLOB'
  | 'INVALID_RECOVERY_KIT'
  | 'STORAGE_UNAVAILABLE'

export class CustodyError extends Error {
  override readonly name: string = 'CustodyError'
  readonly code: CustodyErrorCode

  constructor(code: CustodyErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
  }
}

/**
 * The shares do not rebuild the wallet's address, or a stored share does not open. Shamir's combine
 * returns a wrong secret for a tampered share instead of failing, so this is the only signal: whatever the
 * shares gave is discarded and nothing is signed.
 */
export class TamperedShareError extends CustodyError {
  override readonly name = 'TamperedShareError'

  constructor(message = 'A key share was altered; nothing was signed', options?: { cause?: unknown }) {
    super('TAMPERED_SHARE', message, options)
  }
}

/** AES-GCM cannot tell a wrong passphrase from an altered blob; both are reported as this. */
export class WrongPassphraseError extends CustodyError {
  override readonly name = 'WrongPassphraseError'

  constructor() {
    super('WRONG_PASSPHRASE', 'Wrong passphrase')
  }
}

/** Refused before any key is derived: see passphrase.ts for the floor and why it is where it is. */
export class WeakPassphraseError extends CustodyError {
  override readonly name = 'WeakPassphraseError'
  readonly problem: PassphraseProblem

  constructor(problem: PassphraseProblem, message: string) {
    super('WEAK_PASSPHRASE', message)
    this.problem = problem
  }
}

export type PassphraseProblem = 'TOO_SHORT' | 'TOO_REPETITIVE'

/** Refused before any key is derived: a server must not make the frame run a weak or endless KDF. */
export class InvalidRecoveryBlobError extends CustodyError {
  override readonly name = 'InvalidRecoveryBlobError'

  constructor(message: string) {
    super('INVALID_RECOVERY_BLOB', message)
  }
}

/** A typed-in kit with an unknown word, a wrong word count or a failed checksum (a typo, most likely). */
export class InvalidRecoveryKitError extends CustodyError {
  override readonly name = 'InvalidRecoveryKitError'

  constructor(message: string) {
    super('INVALID_RECOVERY_KIT', message)
  }
}

/**
 * The browser refused the frame's IndexedDB (third-party storage blocked, private browsing, a broken
 * profile): nothing can be kept, so no login can work. The words say what is wrong and what the user can
 * do, since the frame's failures otherwise reach the page only as 'Something went wrong'.
 */
export class StorageUnavailableError extends CustodyError {
  override readonly name = 'StorageUnavailableError'

  constructor(options?: { cause?: unknown }) {
    super(
      'STORAGE_UNAVAILABLE',
      "This browser blocks the login frame's storage. To log in, allow third-party cookies and site data for this site (or leave private browsing), then try again.",
      options,
    )
  }
}
