import { CryptoError, type CryptoErrorCode } from './errors.js'

/**
 * Checks that `value` is a Uint8Array, of one of `lengths` when given. Callers may hand us anything at
 * runtime (JSON-restored keys, plain arrays), so the check is on `unknown`.
 */
export function assertBytes(
  value: unknown,
  what: string,
  code: CryptoErrorCode,
  lengths?: readonly number[],
): asserts value is Uint8Array {
  if (!(value instanceof Uint8Array)) {
    throw new CryptoError(code, `${what} must be a Uint8Array`)
  }
  if (lengths !== undefined && !lengths.includes(value.length)) {
    throw new CryptoError(code, `${what} must be ${lengths.join(' or ')} bytes long, got ${value.length}`)
  }
}

export function assertString(value: unknown, what: string, code: CryptoErrorCode): asserts value is string {
  if (typeof value !== 'string') {
    throw new CryptoError(code, `${what} must be a string, got ${typeof value}`)
  }
}

export function assertRecord(value: unknown, what: string): asserts value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CryptoError('INVALID_INPUT', `${what} must be an object`)
  }
}

export function assertInteger(
  value: unknown,
  what: string,
  range: { min: number; max: number },
): asserts value is number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < range.min || value > range.max) {
    throw new CryptoError(
      'INVALID_INPUT',
      `${what} must be an integer in [${range.min}, ${range.max}], got ${String(value)}`,
    )
  }
}
