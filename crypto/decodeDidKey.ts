import { assertString } from './assert.js'
import { DID_KEY_PREFIX, ED25519_MULTICODEC, PUBLIC_KEY_LENGTH } from './didKey.js'
import { decodeEdwardsPoint } from './edwardsPoint.js'
import { base58btcToBytes } from './encoding.js'
import { CryptoError } from './errors.js'

// 34 bytes are at most 47 base58 digits; anything much longer is not a did:key we could decode.
const MAX_DID_LENGTH = DID_KEY_PREFIX.length + 48

/** The Ed25519 public key inside a did:key, checked to be a canonical point of large order. */
export function decodeDidKey(did: string): Uint8Array {
  assertString(did, 'did', 'INVALID_DID')
  if (!did.startsWith(DID_KEY_PREFIX)) {
    throw new CryptoError('INVALID_DID', `did must start with "${DID_KEY_PREFIX}"`)
  }
  if (did.length > MAX_DID_LENGTH) {
    throw new CryptoError('INVALID_DID', `did is too long (${did.length} characters)`)
  }
  let bytes: Uint8Array
  try {
    bytes = base58btcToBytes(did.slice(DID_KEY_PREFIX.length))
  } catch (cause) {
    throw new CryptoError('INVALID_DID', 'did is not valid base58btc', { cause })
  }
  if (
    bytes.length !== ED25519_MULTICODEC.length + PUBLIC_KEY_LENGTH ||
    bytes[0] !== ED25519_MULTICODEC[0] ||
    bytes[1] !== ED25519_MULTICODEC[1]
  ) {
    throw new CryptoError('INVALID_DID', 'did is not an Ed25519 did:key (multicodec 0xed01 + 32 bytes)')
  }
  const publicKey = bytes.slice(ED25519_MULTICODEC.length)
  const point = decodeEdwardsPoint(publicKey)
  if (point === undefined) {
    throw new CryptoError('INVALID_DID', 'did holds bytes that are not an Ed25519 public key')
  }
  // A small-order key has no secret behind it: signatures under it can be made up for any message.
  if (point.isSmallOrder()) {
    throw new CryptoError('INVALID_DID', 'did holds a small-order Ed25519 point')
  }
  return publicKey
}
