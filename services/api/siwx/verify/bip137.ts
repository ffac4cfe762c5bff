import { secp256k1 } from '@noble/curves/secp256k1.js'
import { equalBytes } from '@noble/curves/utils.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import { CompactSize, OutScript } from '@scure/btc-signer'

const magic = utf8ToBytes('Bitcoin Signed Message:\n')
const firstHeader = 27
const firstCompressedHeader = 31
const lastHeader = 42
const signatureLength = 65

const hash160 = (bytes: Uint8Array) => ripemd160(sha256(bytes))

/** A 65-byte signature whose first byte is a BIP-137 header (27–42), as legacy "signmessage" writes. */
export function isBip137Signature(signature: Uint8Array): boolean {
  const header = signature[0]
  return (
    signature.length === signatureLength &&
    header !== undefined &&
    header >= firstHeader &&
    header <= lastHeader
  )
}

function signedMessageHash(message: string): Uint8Array {
  const text = utf8ToBytes(message)
  const framed = concatBytes(
    CompactSize.encode(BigInt(magic.length)),
    magic,
    CompactSize.encode(BigInt(text.length)),
    text,
  )
  return sha256(sha256(framed))
}

/**
 * BIP-137: recover the key from [header, r, s] over the "Bitcoin Signed Message" hash and compare the
 * address script it yields. Headers 27–30 mean an uncompressed key (legacy P2PKH only). For a compressed
 * key (31–42) every single-key script of that key is accepted, whatever type the header names: wallets
 * such as Electrum and Trezor sign segwit addresses with the P2PKH header, and all of these scripts
 * commit to the same recovered key.
 */
export function verifyBip137(challengeScript: Uint8Array, message: string, signature: Uint8Array): boolean {
  const header = signature[0]
  if (!isBip137Signature(signature) || header === undefined) return false
  const recovered = Uint8Array.of((header - firstHeader) & 3, ...signature.subarray(1))
  const compressedKey = secp256k1.recoverPublicKey(recovered, signedMessageHash(message), { prehash: false })
  if (header < firstCompressedHeader) {
    const uncompressedKey = secp256k1.Point.fromBytes(compressedKey).toBytes(false)
    return equalBytes(challengeScript, OutScript.encode({ type: 'pkh', hash: hash160(uncompressedKey) }))
  }
  const keyHash = hash160(compressedKey)
  const nestedScript = OutScript.encode({ type: 'wpkh', hash: keyHash })
  const candidates = [
    OutScript.encode({ type: 'pkh', hash: keyHash }),
    OutScript.encode({ type: 'wpkh', hash: keyHash }),
    OutScript.encode({ type: 'sh', hash: hash160(nestedScript) }),
  ]
  return candidates.some((script) => equalBytes(challengeScript, script))
}
