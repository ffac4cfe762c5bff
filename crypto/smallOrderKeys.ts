import { hexToBytes } from './encoding.js'

// The eight points of small order, as libsodium lists them: the sign bit (the top bit of the last byte) is
// left out, and y = p and y = p + 1 are the non-canonical encodings of y = 0 and y = 1. A table rather
// than curve arithmetic keeps @noble/curves out of apps whose Web Crypto has Ed25519.
const SMALL_ORDER = [
  '0100000000000000000000000000000000000000000000000000000000000000',
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05',
  '0000000000000000000000000000000000000000000000000000000000000000',
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a',
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  'edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  'eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
].map(hexToBytes)

const SIGN_BIT = 0x80

/**
 * Whether 32 bytes encode an Ed25519 point of small order, in any encoding. Such a key has no secret
 * behind it and a signature under it can be made up for any message; Web Crypto (OpenSSL's cofactorless
 * check) accepts those, @noble/curves without ZIP-215 does not.
 */
export function isSmallOrderKey(publicKey: Uint8Array): boolean {
  const last = publicKey.length - 1
  const unsigned = Uint8Array.from(publicKey, (byte, i) => (i === last ? byte & ~SIGN_BIT : byte))
  return SMALL_ORDER.some((point) => point.every((byte, i) => byte === unsigned[i]))
}
