import { base58btcToBytes, verifyEd25519 } from '@pairwise/crypto'
import { verifyMessage } from 'viem'

/** One signature to check, in the shape of the api's verifier (services/api/siwx/verify). */
export type SiwxSignatureInput = { chainId: string; address: string; message: string; signature: string }

/** Checks a sign-in signature; false (never a throw) for a signature it cannot accept. */
export type SiwxSignatureCheck = (input: SiwxSignatureInput) => Promise<boolean>

/**
 * The checks a browser can make offline: eip155 by recovering the EOA that signed (EIP-191), solana by
 * ed25519 over the UTF-8 text with base58 key and signature. Contract accounts (EIP-1271, ERC-6492) need
 * a chain, and Bitcoin's BIP-322 a library that does not bundle for the browser: both are refused here,
 * and a config's `verify` option is the place for them.
 */
export const offlineSignatureCheck: SiwxSignatureCheck = async (input) => {
  try {
    if (input.chainId.startsWith('eip155:')) return await verifyEip191(input)
    if (input.chainId.startsWith('solana:')) return await verifySolana(input)
    return false
  } catch {
    return false
  }
}

async function verifyEip191(input: SiwxSignatureInput): Promise<boolean> {
  if (!/^0x[0-9a-fA-F]{40}$/.test(input.address) || !/^0x([0-9a-fA-F]{2})+$/.test(input.signature))
    return false
  return verifyMessage({
    address: input.address as `0x${string}`,
    message: input.message,
    signature: input.signature as `0x${string}`,
  })
}

function verifySolana(input: SiwxSignatureInput): Promise<boolean> {
  const publicKey = base58btcToBytes(input.address)
  const signature = base58btcToBytes(input.signature)
  return verifyEd25519(new TextEncoder().encode(input.message), signature, publicKey)
}
