import { ed25519 } from '@noble/curves/ed25519.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import { base58 } from '@scure/base'

export type SolanaSignatureInput = {
  readonly address: string
  readonly message: string
  readonly signature: string
}

const publicKeyLength = 32
const signatureLength = 64

/**
 * Ed25519 over the message's UTF-8 bytes; the address is the base58 public key, the signature base58.
 * Checked strictly (RFC 8032, small-order keys refused): noble's default ZIP-215 rules accept a
 * small-order key, and under one (the System Program's 111…1 is one) an all-zero signature fits every
 * message, which would sign anyone in as an address no one holds the key of.
 */
export function verifySolanaSignature({ address, message, signature }: SolanaSignatureInput): boolean {
  try {
    const publicKey = base58.decode(address)
    const signatureBytes = base58.decode(signature)
    if (publicKey.length !== publicKeyLength || signatureBytes.length !== signatureLength) return false
    return ed25519.verify(signatureBytes, utf8ToBytes(message), publicKey, { zip215: false })
  } catch {
    return false
  }
}
