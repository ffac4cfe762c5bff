import { randomBytes } from '@pairwise/crypto'

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
/** 22 base62 characters carry 130 bits, above the 96 the research asks for. */
const NONCE_LENGTH = 22
/** 248 = 4 × 62: bytes at or above it are redrawn so every character is equally likely. */
const UNBIASED_LIMIT = 248

/** A fresh sign-in nonce: 22 base62 characters from the platform's secure random source. */
export function randomNonce(): string {
  let nonce = ''
  while (nonce.length < NONCE_LENGTH) {
    for (const byte of randomBytes(32)) {
      if (byte < UNBIASED_LIMIT && nonce.length < NONCE_LENGTH) nonce += BASE62.charAt(byte % 62)
    }
  }
  return nonce
}
