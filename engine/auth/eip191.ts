import { weierstrass } from '@noble/curves/abstract/weierstrass.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { bytesToHex, hexToBytes } from '../../crypto/index.js'

// EIP-191 `personal_sign` recovery over noble's curve arithmetic and keccak: a sign-in check needs no
// EVM library in an app's bundle. Only the secp256k1 group is built (SEC 2 §2.4.1): noble's ready-made
// `secp256k1` adds ECDSA signing, RFC 6979 and DER, which a verifier never uses and which would triple
// the curve's weight in the bundle. Recovery follows noble's `Signature.recoverPublicKey` step by step.
const Secp256k1 = weierstrass({
  p: BigInt('0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f'),
  n: BigInt('0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141'),
  h: BigInt(1),
  a: BigInt(0),
  b: BigInt(7),
  Gx: BigInt('0x79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'),
  Gy: BigInt('0x483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8'),
})

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

const toScalar = (bytes: Uint8Array): bigint => BigInt(`0x${bytesToHex(bytes)}`)

/**
 * The uncompressed public key whose ECDSA signature `r‖s` with recovery bit `recovery` signs `hash`
 * (s may be high, as with noble). Throws when no key can have made it.
 */
function recoverPublicKey(hash: Uint8Array, rs: Uint8Array, recovery: 0 | 1): Uint8Array {
  const { Fn } = Secp256k1
  const r = toScalar(rs.subarray(0, 32))
  const s = toScalar(rs.subarray(32, 64))
  if (!Fn.isValidNot0(r) || !Fn.isValidNot0(s)) throw new Error('r and s must lie in [1, n-1]')
  const compressedR = new Uint8Array(33)
  compressedR[0] = 2 + recovery
  compressedR.set(rs.subarray(0, 32), 1)
  const R = Secp256k1.fromBytes(compressedR)
  const rInverse = Fn.inv(r)
  const h = Fn.create(toScalar(hash))
  const Q = Secp256k1.BASE.mulAddUnsafe(Fn.create(-h * rInverse), R, Fn.create(s * rInverse))
  if (Q.is0()) throw new Error('recovered the point at infinity')
  Q.assertValidity()
  return Q.toBytes(false)
}

/** The lower-case address whose key made `signature` (65 bytes r‖s‖v, hex) over `message`, if any. */
export function recoverPersonalSignAddress(message: string, signature: string): string | undefined {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return undefined
  const bytes = hexToBytes(signature.slice(2))
  const v = bytes[64] as number
  const recovery = v >= 27 ? v - 27 : v
  if (recovery !== 0 && recovery !== 1) return undefined
  try {
    const publicKey = recoverPublicKey(personalMessageHash(message), bytes.subarray(0, 64), recovery)
    return `0x${bytesToHex(keccak_256(publicKey.subarray(1)).subarray(12))}`
  } catch {
    return undefined
  }
}
