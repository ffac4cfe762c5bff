import { assertInteger } from './assert.js'
import { bytesToHex } from './encoding.js'

// getRandomValues refuses more than 64 KiB per call; nothing here needs more than a key's worth.
const MAX_RANDOM_BYTES = 65_536

/** Cryptographically secure random bytes from the platform's Web Crypto. */
export function randomBytes(length: number): Uint8Array {
  assertInteger(length, 'length', { min: 0, max: MAX_RANDOM_BYTES })
  return globalThis.crypto.getRandomValues(new Uint8Array(length))
}

export function randomHex(byteLength: number): string {
  return bytesToHex(randomBytes(byteLength))
}
