import { parseChainId } from '@pairwise/engine'
import { verifyBip122Signature } from './bip122.js'
import { verifyEip155Signature } from './eip155.js'
import { verifySolanaSignature } from './solana.js'

export type SiwxVerifierOptions = {
  /** The JSON-RPC url of an eip155 chain (CAIP-2 id), or undefined when the service has none for it. */
  rpcUrl(chainId: string): string | undefined
}

export type SiwxSignatureInput = {
  /** CAIP-2 chain id, e.g. `eip155:1`, `solana:…`, `bip122:000000000019d6689c085ae165831e93`. */
  readonly chainId: string
  /** The account as the message names it (CAIP-10 account part). */
  readonly address: string
  readonly message: string
  readonly signature: string
}

export type SiwxVerifier = {
  /** True only for a valid signature of the message by the address; anything uncheckable is false. */
  verify(input: SiwxSignatureInput): Promise<boolean>
}

// Far above every real signature (an ERC-6492 wrapper with a factory call is a few kB of hex), so a
// caller cannot make us decode or send megabytes.
const maxSignatureLength = 16_384
const maxAddressLength = 128

/** Checks sign-in signatures on every namespace the product signs in with: eip155, solana, bip122. */
export function createSiwxVerifier(options: SiwxVerifierOptions): SiwxVerifier {
  return {
    async verify({ chainId, address, message, signature }) {
      const chain = parseChainId(chainId)
      if (!chain || signature.length > maxSignatureLength || address.length > maxAddressLength) return false
      switch (chain.namespace) {
        case 'eip155':
          return verifyEip155Signature({ rpcUrl: options.rpcUrl(chainId), address, message, signature })
        case 'solana':
          return verifySolanaSignature({ address, message, signature })
        case 'bip122':
          return verifyBip122Signature({ chainReference: chain.reference, address, message, signature })
        default:
          return false
      }
    },
  }
}
