import { secp256k1 } from '@noble/curves/secp256k1.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { bytesToHex, hexToBytes } from '../../crypto/index.js'

// EIP-191 `personal_sign` recovery over noble's secp256k1 and keccak, which the crypto layer already
// ships: a sign-in check needs no EVM library in an app's bundle.

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

export function isEvmAddress(value: string): boolean {
  return ADDRESS.test(value)
}

function personalMessageHash(message: string): Uint8Array {
  const body = new TextEncoder().encode(message)
  const prefix = new TextEncoder().encode(`\x19Ethereum Signed Message:\n${body.length}`)
  const data = new Uint8Array(prefix.length + body.length)
  data.set(prefix)
  data.set(body, prefix.length)
  return keccak_256(data)
}

/** The lower-case address whose key made `signature` (65 bytes r‖s‖v, hex) over `message`, if any. */
export function recoverPersonalSignAddress(message: string, signature: string): string | undefined {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return undefined
  const bytes = hexToBytes(signature.slice(2))
  const v = bytes[64] as number
  const recovery = v >= 27 ? v - 27 : v
  if (recovery !== 0 && recovery !== 1) return undefined
  // noble's recovered form puts the recovery bit first: recovery‖r‖s.
  const recovered = new Uint8Array(65)
  recovered[0] = recovery
  recovered.set(bytes.subarray(0, 64), 1)
  try {
    const publicKey = secp256k1.recoverPublicKey(recovered, personalMessageHash(message), { prehash: false })
    const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false)
    return `0x${bytesToHex(keccak_256(uncompressed.subarray(1)).subarray(12))}`
  } catch {
    return undefined
  }
}
