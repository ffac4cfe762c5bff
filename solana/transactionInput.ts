import { getTransactionDecoder, getTransactionEncoder, type Transaction } from '@solana/kit'

/** web3.js v1's `Transaction` and `VersionedTransaction`, recognised by shape so the adapter never imports it. */
export type SerializableTransaction = {
  serialize(config?: { requireAllSignatures?: boolean; verifySignatures?: boolean }): Uint8Array
}

/** What the provider signs: wire bytes, a `@solana/kit` transaction, or a web3.js v1 transaction. */
export type SolanaTransactionInput = Uint8Array | Transaction | SerializableTransaction

type Rebuilds = {
  deserialize?: (bytes: Uint8Array) => unknown
  from?: (bytes: Uint8Array) => unknown
}

function isKitTransaction(input: object): input is Transaction {
  return 'messageBytes' in input && 'signatures' in input
}

/** The transaction's wire bytes, signatures still missing allowed (the wallet adds its own). */
export function wireBytes(input: SolanaTransactionInput): Uint8Array {
  if (input instanceof Uint8Array) return input
  if (isKitTransaction(input)) return new Uint8Array(getTransactionEncoder().encode(input))
  if (typeof input.serialize === 'function')
    return new Uint8Array(input.serialize({ requireAllSignatures: false, verifySignatures: false }))
  throw new TypeError(
    'Not a Solana transaction: expected wire bytes, a kit transaction or one with serialize()',
  )
}

/**
 * `signed` (wire bytes) as the same kind of value the app passed: web3.js v1 objects are rebuilt through
 * their own class (`VersionedTransaction.deserialize`, `Transaction.from`), so apps written for AppKit get
 * back what they gave.
 */
export function sameKindAs<T extends SolanaTransactionInput>(like: T, signed: Uint8Array): T {
  if (like instanceof Uint8Array) return signed as T
  if (isKitTransaction(like)) return getTransactionDecoder().decode(signed) as T
  const type = like.constructor as Rebuilds
  if (typeof type.deserialize === 'function') return type.deserialize(signed) as T
  if (typeof type.from === 'function') return type.from(signed) as T
  throw new TypeError('Cannot rebuild the signed transaction: its class has neither deserialize() nor from()')
}
