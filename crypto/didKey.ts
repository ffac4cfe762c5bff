import { assertBytes } from './assert.js'
import { bytesToBase58btc } from './encoding.js'

export const DID_KEY_PREFIX = 'did:key:z'
// Multicodec varint for "ed25519-pub".
export const ED25519_MULTICODEC = Uint8Array.of(0xed, 0x01)
export const PUBLIC_KEY_LENGTH = 32

export function encodeDidKey(publicKey: Uint8Array): string {
  assertBytes(publicKey, 'publicKey', 'INVALID_KEY', [PUBLIC_KEY_LENGTH])
  const multicodec = new Uint8Array(ED25519_MULTICODEC.length + PUBLIC_KEY_LENGTH)
  multicodec.set(ED25519_MULTICODEC)
  multicodec.set(publicKey, ED25519_MULTICODEC.length)
  return DID_KEY_PREFIX + bytesToBase58btc(multicodec)
}
