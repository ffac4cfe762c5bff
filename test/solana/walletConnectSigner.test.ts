import { base58 } from '@scure/base'
import {
  address,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { describe, expect, it } from 'vitest'
import type { CaipNetwork, WalletConnectTransport } from '../../modal/adapter.js'
import { walletConnectSigner } from '../../solana/walletConnectSigner.js'

const account = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'
const network = { caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' } as unknown as CaipNetwork

const answering = (result: unknown) =>
  walletConnectSigner(
    { request: async () => result } as unknown as WalletConnectTransport,
    account,
    'Test',
    undefined,
  )

/** Wire bytes of a transaction whose one signer is `payer`, its signature slot empty. */
const unsignedBy = (payer: string) =>
  new Uint8Array(
    getTransactionEncoder().encode(
      compileTransaction(
        pipe(
          createTransactionMessage({ version: 0 }),
          (m) => setTransactionMessageFeePayerSigner(createNoopSigner(address(payer)), m),
          (m) =>
            setTransactionMessageLifetimeUsingBlockhash(
              {
                blockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N' as never,
                lastValidBlockHeight: 10n,
              },
              m,
            ),
        ),
      ),
    ),
  )

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
    const signed = await answering({ signature: good }).signTransaction(unsignedBy(account), network)
    expect(getTransactionDecoder().decode(signed).signatures).toEqual({
      [account]: new Uint8Array(64).fill(9),
    })
    for (const signature of notSignatures)
      await expect(answering({ signature }).signTransaction(unsignedBy(account), network)).rejects.toThrow()
    const other = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
    await expect(answering({ signature: good }).signTransaction(unsignedBy(other), network)).rejects.toThrow()
  })

  it('signs all transactions in one solana_signAllTransactions request when the session grants it, and leaves one request each to the provider when it does not', async () => {
    const asked: { method: string; params?: unknown }[] = []
    const transport = {
      request: async (request: { method: string; params?: unknown }) => {
        asked.push(request)
        return { transactions: ['Ag==', 'Aw=='] }
      },
    } as unknown as WalletConnectTransport
    const granted = ['solana_signTransaction', 'solana_signAllTransactions']
    const signer = walletConnectSigner(transport, account, 'Test', granted)
    await expect(
      signer.signAllTransactions?.([Uint8Array.of(1), Uint8Array.of(2)], network),
    ).resolves.toEqual([Uint8Array.of(2), Uint8Array.of(3)])
    expect(asked).toEqual([
      { method: 'solana_signAllTransactions', params: { transactions: ['AQ==', 'Ag=='] } },
    ])
    // An answer that is not one signed transaction for each asked is refused.
    await expect(signer.signAllTransactions?.([Uint8Array.of(1)], network)).rejects.toThrow('answered 2 of 1')
    expect(
      walletConnectSigner(transport, account, 'Test', ['solana_signTransaction']).signAllTransactions,
    ).toBe(undefined)
  })
})
