import { ed25519 } from '@noble/curves/ed25519.js'
import {
  address,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getAddressDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  type SignatureBytes,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'

/** A fresh account: its address, its public key and the secret that signs for it. */
export function keyOf() {
  const { secretKey, publicKey } = ed25519.keygen()
  return { address: getAddressDecoder().decode(publicKey), publicKey, secretKey }
}

export type TestKey = ReturnType<typeof keyOf>

/** Two blockhashes: a transaction on the second is the first with its message changed. */
export const blockhashes = [
  'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N',
  '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi',
] as const

/** Wire bytes of a transaction whose one signer is `payer`, its signature slot empty. */
export const unsignedBy = (payer: string, blockhash: string = blockhashes[0]) =>
  new Uint8Array(
    getTransactionEncoder().encode(
      compileTransaction(
        pipe(
          createTransactionMessage({ version: 0 }),
          (m) => setTransactionMessageFeePayerSigner(createNoopSigner(address(payer)), m),
          (m) =>
            setTransactionMessageLifetimeUsingBlockhash(
              { blockhash: blockhash as never, lastValidBlockHeight: 10n },
              m,
            ),
        ),
      ),
    ),
  )

/** `transaction` with `signer`'s signature of its message in `key`'s slot, as a wallet answers it whole. */
export function signedWith(
  transaction: Uint8Array,
  key: { address: string; secretKey: Uint8Array },
  signer = key,
): Uint8Array {
  const decoded = getTransactionDecoder().decode(transaction)
  const signature = ed25519.sign(new Uint8Array(decoded.messageBytes), signer.secretKey) as SignatureBytes
  return new Uint8Array(
    getTransactionEncoder().encode({
      ...decoded,
      signatures: { ...decoded.signatures, [address(key.address)]: signature },
    }),
  )
}

/**
 * What a wallet may answer for `key`'s transaction that is no signed transaction of `key`: the slot left
 * empty, another key's signature in it, another account's transaction, bytes that are no transaction.
 */
export const badAnswersFor = (key: TestKey, transaction: Uint8Array) => [
  transaction,
  signedWith(transaction, key, keyOf()),
  signedWith(unsignedBy(keyOf().address), keyOf()),
  Uint8Array.of(1),
]
