import { WalletError } from '@pairwise/modal/adapter'
import {
  address,
  getCompiledTransactionMessageDecoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  isSignatureBytes,
  type Transaction,
  verifySignature,
} from '@solana/kit'
import { SolanaError } from './errors.js'

/**
 * Refuses (SolanaError TRANSACTION_AS_MESSAGE) `message` when its bytes begin with a transaction message
 * (legacy, v0 or v1) that `account` signs: a transaction's signature is the ed25519 signature of its message,
 * so the message signature would send it, and a wallet shows message bytes as text, not as the transfer they
 * are. A challenge an app got from elsewhere is where such bytes come from. Bytes after the message are no
 * cover, as a node that allows trailing bytes still runs it.
 */
export function assertNotTransaction(account: string, message: Uint8Array): void {
  let signers: readonly string[]
  try {
    const [compiled] = getCompiledTransactionMessageDecoder().read(message, 0)
    signers = compiled.staticAccounts.slice(0, compiled.header.numSignerAccounts)
  } catch {
    return
  }
  if (signers.includes(account)) throw new SolanaError('TRANSACTION_AS_MESSAGE', undefined, account)
}

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

/**
 * `signed` (a wallet's answer: wire bytes) when `account`'s signature in it verifies over its message, else the
 * bad wallet answer it is. The message is the answer's own: a wallet may change it (a priority fee added) and
 * sign that. A slot left empty or filled with other bytes would reach the app as signed, and fail at the node.
 */
export async function verifiedTransaction(account: string, signed: Uint8Array): Promise<Uint8Array> {
  let decoded: Transaction
  try {
    decoded = getTransactionDecoder().decode(signed)
  } catch (error) {
    throw new WalletError('SIGN_MESSAGE_FAILED', error, 'the wallet answered no transaction')
  }
  const signature = decoded.signatures[address(account)]
  if (!signature)
    throw new WalletError(
      'SIGN_MESSAGE_FAILED',
      undefined,
      `${account} did not sign the transaction answered`,
    )
  await verifiedSignature(account, new Uint8Array(decoded.messageBytes), signature)
  return signed
}
