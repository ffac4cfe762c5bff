import { WalletError } from '@pairwise/modal/adapter'
import { address, getPublicKeyFromAddress, isSignatureBytes, verifySignature } from '@solana/kit'

/**
 * `signature` when it is the ed25519 signature of `message` by the key `account` names, else the bad wallet
 * answer it is. The wallet's (or the WalletConnect peer's) 64 bytes are its word: ones that do not verify would
 * reach the app as a signature and fail its server's check later, with no hint why.
 */
export async function verifiedSignature(
  account: string,
  message: Uint8Array,
  signature: Uint8Array,
): Promise<Uint8Array> {
  const verifies =
    isSignatureBytes(signature) &&
    (await verifySignature(await getPublicKeyFromAddress(address(account)), signature, message))
  if (!verifies)
    throw new WalletError('SIGN_MESSAGE_FAILED', undefined, `the signature does not verify with ${account}`)
  return signature
}
