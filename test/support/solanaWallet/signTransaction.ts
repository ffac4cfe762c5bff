import { ed25519 } from '@noble/curves/ed25519.js'
import { type Address, getTransactionDecoder, type SignatureBytes, type Transaction } from '@solana/kit'
import { WalletRpcError, walletErrorCodes } from '../testWallet.js'

/** An ed25519 key as `solanaTestKey` returns it. */
export type SolanaKey = { seed: Uint8Array; publicKey: Uint8Array; address: string }

/**
 * Signs wire bytes (legacy or v0) with `key`: the decoder reads the message header to find the signer
 * slots, the signature goes into this key's slot and every other slot keeps what it had.
 */
export function signWireTransaction(key: SolanaKey, wireBytes: Uint8Array): Transaction {
  let transaction: Transaction
  try {
    transaction = getTransactionDecoder().decode(wireBytes)
  } catch (error) {
    throw new WalletRpcError(walletErrorCodes.invalidParams, `Not a Solana transaction: ${String(error)}`)
  }
  const address = key.address as Address
  if (!(address in transaction.signatures))
    throw new WalletRpcError(
      walletErrorCodes.invalidParams,
      `The transaction asks no signature of ${key.address}`,
    )
  const signature = ed25519.sign(Uint8Array.from(transaction.messageBytes), key.seed) as SignatureBytes
  return { ...transaction, signatures: { ...transaction.signatures, [address]: signature } }
}
