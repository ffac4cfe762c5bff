import {
  createPublicClient,
  http,
  isAddress,
  isAddressEqual,
  isHex,
  recoverMessageAddress,
  size,
  zeroAddress,
} from 'viem'
import { withCappedCalls } from './cappedCalls.js'

export type Eip155SignatureInput = {
  /** The chain's JSON-RPC url; without one only a plain EOA signature can be checked. */
  readonly rpcUrl: string | undefined
  readonly address: string
  readonly message: string
  readonly signature: string
}

/**
 * EIP-191 personal-sign check. With an RPC url, viem's `verifyMessage` also covers EIP-1271 (deployed
 * contract accounts) and ERC-6492 (wrapped signatures of accounts not deployed yet), each chain call
 * capped in gas (./cappedCalls.ts). A reverted or failed call is a signature we could not check: false.
 */
export async function verifyEip155Signature({
  rpcUrl,
  address,
  message,
  signature,
}: Eip155SignatureInput): Promise<boolean> {
  if (!isAddress(address, { strict: false }) || !isHex(signature, { strict: true })) return false
  // No one holds the zero address's key, and the ERC-6492 validator's ecrecover answers it for any
  // signature it cannot recover (r = 0, say), so on chain every such "signature" would be its.
  if (isAddressEqual(address, zeroAddress)) return false
  try {
    if (rpcUrl === undefined) {
      if (size(signature) !== 65) return false
      const signer = await recoverMessageAddress({ message, signature })
      return signer.toLowerCase() === address.toLowerCase()
    }
    // Local chains answer a reverted eth_call (how 6492 validation says "no") with an error that
    // viem would otherwise retry with backoff, about a second per check.
    const client = createPublicClient({ transport: withCappedCalls(http(rpcUrl, { retryCount: 0 })) })
    return await client.verifyMessage({ address, message, signature })
  } catch {
    return false
  }
}
