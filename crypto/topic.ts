import { sha256 } from '@noble/hashes/sha2.js'
import { assertBytes, assertString } from './assert.js'
import { bytesToHex, utf8ToBytes } from './encoding.js'
import { KEY_LENGTH } from './keyPairs.js'

/** sha256 of raw key bytes in hex: how topics are named (sym keys, and public keys for response topics). */
export function hashKey(key: Uint8Array): string {
  assertBytes(key, 'key', 'INVALID_KEY')
  return bytesToHex(sha256(key))
}

export function topicFromSymKey(symKey: Uint8Array): string {
  assertBytes(symKey, 'symKey', 'INVALID_KEY', [KEY_LENGTH])
  return hashKey(symKey)
}

/** sha256 of the UTF-8 string in hex; identifies a message for de-duplication. */
export function hashMessage(message: string): string {
  assertString(message, 'message', 'INVALID_INPUT')
  return bytesToHex(sha256(utf8ToBytes(message)))
}
