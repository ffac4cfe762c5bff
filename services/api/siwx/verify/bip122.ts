import { base64 } from '@scure/base'
import { Address, OutScript } from '@scure/btc-signer'
import { isBip137Signature, verifyBip137 } from './bip137.js'
import { verifyBip322Simple } from './bip322Simple.js'
import { bitcoinNetworkOf } from './bitcoinNetworks.js'

export type Bip122SignatureInput = {
  /** The CAIP-2 reference: the first 32 hex of the network's genesis block hash. */
  readonly chainReference: string
  readonly address: string
  readonly message: string
  /** Base64: a BIP-137 65-byte signature, or a BIP-322 "simple" witness stack. */
  readonly signature: string
}

/** Bitcoin message signature of an address of the chain's network (a mainnet address on testnet is false). */
export function verifyBip122Signature({
  chainReference,
  address,
  message,
  signature,
}: Bip122SignatureInput): boolean {
  const network = bitcoinNetworkOf(chainReference)
  if (!network) return false
  try {
    const challenge = Address(network).decode(address)
    const signatureBytes = base64.decode(signature)
    if (isBip137Signature(signatureBytes))
      return verifyBip137(OutScript.encode(challenge), message, signatureBytes)
    return verifyBip322Simple(challenge, message, signatureBytes)
  } catch {
    return false
  }
}
