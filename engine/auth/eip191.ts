import { bytesToHex, hexToBytes, keccak256, recoverPublicKey, utf8ToBytes } from '@pairwise/crypto'

// EIP-191 `personal_sign` recovery over our own secp256k1 recovery and Keccak-256: a sign-in check
// needs no EVM, curve or hash library in an app's bundle.

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

export function isEvmAddress(value: string): boolean {
  return ADDRESS.test(value)
}

// EIP-191: the message's UTF-8 after a prefix naming its length in bytes; one string's UTF-8 is its parts' in a row.
function personalMessageHash(message: string): Uint8Array {
  return keccak256(utf8ToBytes(`\x19Ethereum Signed Message:\n${utf8ToBytes(message).length}${message}`))
}

const toScalar = (bytes: Uint8Array): bigint => BigInt(`0x${bytesToHex(bytes)}`)

/** The lower-case address whose key made `signature` (65 bytes r‖s‖v, hex) over `message`, if any. */
export function recoverPersonalSignAddress(message: string, signature: string): string | undefined {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return undefined
  const bytes = hexToBytes(signature.slice(2))
  const v = bytes[64] as number
  const recovery = v >= 27 ? v - 27 : v
  if (recovery !== 0 && recovery !== 1) return undefined
  const r = toScalar(bytes.subarray(0, 32))
  const s = toScalar(bytes.subarray(32, 64))
  const publicKey = recoverPublicKey(personalMessageHash(message), r, s, recovery)
  if (publicKey === undefined) return undefined
  return `0x${bytesToHex(keccak256(publicKey.subarray(1)).subarray(12))}`
}
