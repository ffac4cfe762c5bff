import {
  type CompiledTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Transaction,
} from '@solana/kit'
import { invalidParams } from './rpcError.js'

/** A transaction's largest wire size (Solana's packet data size) and its base58/base64 text sizes. */
const maxWireBytes = 1232
const maxBase64Chars = 1644
const maxBase58Chars = 1683

export type WireEncoding = 'base58' | 'base64'

export type DecodedTransaction = {
  transaction: Transaction
  message: CompiledTransactionMessage & { version: 'legacy' | 0 }
  wire: Uint8Array
  /** The first signature, base58: the transaction's id. */
  signature: string
}

function bytesOf(text: string, encoding: WireEncoding): Uint8Array {
  if (text.length > (encoding === 'base64' ? maxBase64Chars : maxBase58Chars))
    throw invalidParams(
      `${encoding} encoded transaction too large: ${text.length} characters (max ${encoding === 'base64' ? maxBase64Chars : maxBase58Chars})`,
    )
  try {
    const bytes = (encoding === 'base64' ? getBase64Encoder() : getBase58Encoder()).encode(text)
    return Uint8Array.from(bytes)
  } catch {
    throw invalidParams(`invalid ${encoding} encoding`)
  }
}

/** Decodes a transaction as the RPC receives it; legacy and v0 only, as the real cluster accepts. */
export function decodeWireTransaction(text: string, encoding: WireEncoding): DecodedTransaction {
  const wire = bytesOf(text, encoding)
  if (wire.length > maxWireBytes)
    throw invalidParams(`transaction too large: ${wire.length} bytes (max ${maxWireBytes})`)
  let transaction: Transaction
  let message: CompiledTransactionMessage
  try {
    transaction = getTransactionDecoder().decode(wire)
    message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  } catch {
    throw invalidParams('failed to deserialize the transaction')
  }
  if (message.version !== 'legacy' && message.version !== 0)
    throw invalidParams(`unsupported transaction version ${String(message.version)}`)
  const first = Object.values(transaction.signatures)[0]
  const signature = getBase58Decoder().decode(first ?? new Uint8Array(64))
  return { transaction, message: message as DecodedTransaction['message'], wire, signature }
}

/** True when every required signature is present and not all zeros (an unsigned placeholder). */
export function isFullySigned(transaction: Transaction): boolean {
  return Object.values(transaction.signatures).every(
    (signature) => signature?.some((byte) => byte !== 0) === true,
  )
}
