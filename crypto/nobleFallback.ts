import { CryptoError } from './errors.js'

/**
 * Loads pure-JavaScript curve code for a runtime whose Web Crypto lacks X25519 or Ed25519. @noble/curves
 * is an optional peer (a dapp has viem's copy; a strict installer may hide it), so its absence is named
 * with the fix rather than left as a module-resolution error.
 */
export async function loadNobleFallback<T>(what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (cause) {
    throw new CryptoError(
      'UNSUPPORTED',
      `${what}: Web Crypto lacks X25519 or Ed25519 here; install @noble/curves, the optional peer`,
      { cause },
    )
  }
}
