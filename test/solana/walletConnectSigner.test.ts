import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
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
import { describe, expect, it } from 'vitest'
import type { CaipNetwork, WalletConnectTransport } from '../../modal/adapter.js'
import { walletConnectSigner } from '../../solana/walletConnectSigner.js'

const account = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'
const network = { caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' } as unknown as CaipNetwork

const answering = (result: unknown, signer = account) =>
  walletConnectSigner(
    { request: async () => result } as unknown as WalletConnectTransport,
    signer,
    'Test',
    undefined,
  )

/** A fresh account: its address and the secret that signs for it. */
function keyOf() {
  const { secretKey, publicKey } = ed25519.keygen()
  return { address: getAddressDecoder().decode(publicKey), secretKey }
}

/** The account's signature of the message of the wire transaction `transaction`, base58 as a wallet answers. */
const signatureOf = (transaction: Uint8Array, secretKey: Uint8Array) =>
  base58.encode(
    ed25519.sign(new Uint8Array(getTransactionDecoder().decode(transaction).messageBytes), secretKey),
  )

const blockhashes = [
  'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N',
  '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi',
] as const

/** Wire bytes of a transaction whose one signer is `payer`, its signature slot empty. */
const unsignedBy = (payer: string, blockhash: string = blockhashes[0]) =>
  new Uint8Array(
    getTransactionEncoder().encode(
      compileTransaction(
        pipe(
          createTransactionMessage({ version: 0 }),
          (m) => setTransactionMessageFeePayerSigner(createNoopSigner(address(payer)), m),
          (m) =>
            setTransactionMessageLifetimeUsingBlockhash(
              {
                blockhash: blockhash as never,
                lastValidBlockHeight: 10n,
              },
              m,
            ),
        ),
      ),
    ),
  )

/** `transaction` with `signer`'s signature of its message in `key`'s slot, as a wallet answers it whole. */
function signedWith(transaction: Uint8Array, key: ReturnType<typeof keyOf>, signer = key): Uint8Array {
  const decoded = getTransactionDecoder().decode(transaction)
  const signature = ed25519.sign(new Uint8Array(decoded.messageBytes), signer.secretKey) as SignatureBytes
  return new Uint8Array(
    getTransactionEncoder().encode({
      ...decoded,
      signatures: { ...decoded.signatures, [key.address]: signature },
    }),
  )
}

const base64Of = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

describe('Solana WalletConnect signer', () => {
  const good = base58.encode(new Uint8Array(64).fill(9))
  // 64 base58 digits pass a digit count yet hold 47 bytes; 88 may hold 65.
  const notSignatures = ['2'.repeat(64), base58.encode(new Uint8Array(65).fill(255))]

  it('takes a signed message’s or a sent transaction’s signature only when it is 64 bytes', async () => {
    await expect(answering({ signature: good }).signMessage(Uint8Array.of(1), network)).resolves.toEqual(
      new Uint8Array(64).fill(9),
    )
    await expect(answering({ signature: good }).signAndSend?.(Uint8Array.of(1), network, {})).resolves.toBe(
      good,
    )
    for (const signature of notSignatures) {
      await expect(answering({ signature }).signMessage(Uint8Array.of(1), network)).rejects.toThrow()
      await expect(answering({ signature }).signAndSend?.(Uint8Array.of(1), network, {})).rejects.toThrow()
    }
  })

  it('puts a signature-only answer in the account’s slot only when it is a signature and the account signs the transaction', async () => {
    const key = keyOf()
    const transaction = unsignedBy(key.address)
    const signature = signatureOf(transaction, key.secretKey)
    const signed = await answering({ signature }, key.address).signTransaction(transaction, network)
    expect(getTransactionDecoder().decode(signed).signatures).toEqual({
      [key.address]: base58.decode(signature),
    })
    for (const signature of notSignatures)
      await expect(
        answering({ signature }, key.address).signTransaction(transaction, network),
      ).rejects.toThrow()
    const other = keyOf()
    const theirs = unsignedBy(other.address)
    await expect(
      answering({ signature: signatureOf(theirs, other.secretKey) }, key.address).signTransaction(
        theirs,
        network,
      ),
    ).rejects.toThrow()
  })

  it('refuses a signature-only answer that does not verify over the transaction’s message with the account’s key, as a bad wallet answer', async () => {
    const key = keyOf()
    const transaction = unsignedBy(key.address)
    const other = keyOf()
    for (const signature of [good, signatureOf(transaction, other.secretKey)])
      await expect(
        answering({ signature }, key.address).signTransaction(transaction, network),
      ).rejects.toMatchObject({ code: 'SIGN_MESSAGE_FAILED' })
  })

  it('takes a whole transaction answered, its message changed by the wallet too (a priority fee), when the account’s signature in it verifies over its message', async () => {
    const key = keyOf()
    const changed = signedWith(unsignedBy(key.address, blockhashes[1]), key)
    await expect(
      answering({ transaction: base64Of(changed) }, key.address).signTransaction(
        unsignedBy(key.address),
        network,
      ),
    ).resolves.toEqual(changed)
  })

  it('refuses a whole transaction answered whose account slot is empty, signed by another key, or which is no transaction, as a bad wallet answer', async () => {
    const key = keyOf()
    const transaction = unsignedBy(key.address)
    for (const answered of [
      transaction,
      signedWith(transaction, key, keyOf()),
      signedWith(unsignedBy(keyOf().address), keyOf()),
      Uint8Array.of(1),
    ])
      await expect(
        answering({ transaction: base64Of(answered) }, key.address).signTransaction(transaction, network),
      ).rejects.toMatchObject({ code: 'SIGN_MESSAGE_FAILED' })
  })

  it('signs all transactions in one solana_signAllTransactions request when the session grants it, and leaves one request each to the provider when it does not', async () => {
    const key = keyOf()
    const transactions = blockhashes.map((blockhash) => unsignedBy(key.address, blockhash))
    const signed = transactions.map((transaction) => signedWith(transaction, key))
    const asked: { method: string; params?: unknown }[] = []
    let answer = signed
    const transport = {
      request: async (request: { method: string; params?: unknown }) => {
        asked.push(request)
        return { transactions: answer.map(base64Of) }
      },
    } as unknown as WalletConnectTransport
    const granted = ['solana_signTransaction', 'solana_signAllTransactions']
    const signer = walletConnectSigner(transport, key.address, 'Test', granted)
    await expect(signer.signAllTransactions?.(transactions, network)).resolves.toEqual(signed)
    expect(asked).toEqual([
      { method: 'solana_signAllTransactions', params: { transactions: transactions.map(base64Of) } },
    ])
    // An answer that is not one signed transaction for each asked is refused.
    await expect(signer.signAllTransactions?.([transactions[0] as Uint8Array], network)).rejects.toThrow(
      'answered 2 of 1',
    )
    // So is one whose account slot, in any transaction, holds no signature of its message.
    answer = [signed[0] as Uint8Array, transactions[1] as Uint8Array]
    await expect(signer.signAllTransactions?.(transactions, network)).rejects.toMatchObject({
      code: 'SIGN_MESSAGE_FAILED',
    })
    expect(
      walletConnectSigner(transport, key.address, 'Test', ['solana_signTransaction']).signAllTransactions,
    ).toBe(undefined)
  })
})
