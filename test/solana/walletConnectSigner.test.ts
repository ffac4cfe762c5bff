import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { getTransactionDecoder } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import type { CaipNetwork, WalletConnectTransport } from '../../modal/adapter.js'
import { walletConnectSigner } from '../../solana/walletConnectSigner.js'
import { blockhashes, keyOf, signedWith, unsignedBy } from './support/transactions.js'

const account = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'
const network = { caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' } as unknown as CaipNetwork

const answering = (result: unknown, signer = account) =>
  walletConnectSigner(
    { request: async () => result } as unknown as WalletConnectTransport,
    signer,
    'Test',
    undefined,
  )

/** The account's signature of the message of the wire transaction `transaction`, base58 as a wallet answers. */
const signatureOf = (transaction: Uint8Array, secretKey: Uint8Array) =>
  base58.encode(
    ed25519.sign(new Uint8Array(getTransactionDecoder().decode(transaction).messageBytes), secretKey),
  )

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

  it('hands a whole transaction answered to the provider to verify as the wallet answered it, its message changed by the wallet too (a priority fee)', async () => {
    const key = keyOf()
    const changed = signedWith(unsignedBy(key.address, blockhashes[1]), key)
    await expect(
      answering({ transaction: base64Of(changed) }, key.address).signTransaction(
        unsignedBy(key.address),
        network,
      ),
    ).resolves.toEqual(changed)
  })

  it('signs all transactions in one solana_signAllTransactions request when the session grants it, and leaves one request each to the provider when it does not', async () => {
    const key = keyOf()
    const transactions = blockhashes.map((blockhash) => unsignedBy(key.address, blockhash))
    const signed = transactions.map((transaction) => signedWith(transaction, key))
    const asked: { method: string; params?: unknown }[] = []
    const transport = {
      request: async (request: { method: string; params?: unknown }) => {
        asked.push(request)
        return { transactions: signed.map(base64Of) }
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
    expect(
      walletConnectSigner(transport, key.address, 'Test', ['solana_signTransaction']).signAllTransactions,
    ).toBe(undefined)
  })
})
