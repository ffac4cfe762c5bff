import type { WalletConnectTransport } from '@pairwise/modal/adapter'
import { WalletError } from '@pairwise/modal/adapter'
import {
  address,
  getAddressEncoder,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type SignatureBytes,
} from '@solana/kit'
import * as z from 'zod/mini'
import type { SolanaSigner } from './signer.js'

// The digit count alone lets through 47 to 65 bytes: an ed25519 signature is 64.
const base58Signature = z.string().check(
  z.regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/),
  z.refine((s) => getBase58Encoder().encode(s).length === 64, 'not a 64-byte signature'),
)
// The wallet's answers, as the WalletConnect Solana RPC reference gives them; checked before use.
const signatureResult = z.object({ signature: base58Signature })
const signTransactionResult = z.object({
  signature: z.optional(base58Signature),
  transaction: z.optional(z.base64()),
})
const signAllTransactionsResult = z.object({ transactions: z.array(z.base64()) })

/** A transaction's wire bytes from the base64 a wallet answers. */
const wireBytesOf = (transaction: string) => new Uint8Array(getBase64Encoder().encode(transaction))

function answer<T>(schema: z.ZodMiniType<T>, value: unknown, method: string): T {
  const parsed = z.safeParse(schema, value)
  if (!parsed.success)
    throw new WalletError('SIGN_MESSAGE_FAILED', parsed.error, `${method} answered ${JSON.stringify(value)}`)
  return parsed.data
}

/**
 * A Solana account of a WalletConnect session as a signer: `solana_signMessage`, `solana_signTransaction`
 * and `solana_signAndSendTransaction` over the session, on the network's CAIP-2 chain, and
 * `solana_signAllTransactions` when the session's `granted` methods name it (else one request each).
 */
export function walletConnectSigner(
  transport: WalletConnectTransport,
  account: string,
  walletName: string,
  granted: readonly string[] | undefined,
): SolanaSigner {
  const base58 = getBase58Encoder()
  const base64 = getBase64Decoder()
  const signer: SolanaSigner = {
    walletName,
    address: account,
    publicKey: new Uint8Array(getAddressEncoder().encode(address(account))),
    async signMessage(message, network) {
      const result = await transport.request(
        {
          method: 'solana_signMessage',
          params: { message: getBase58Decoder().decode(message), pubkey: account },
        },
        network.caipNetworkId,
      )
      return new Uint8Array(base58.encode(answer(signatureResult, result, 'solana_signMessage').signature))
    },
    async signTransaction(transaction, network) {
      const result = answer(
        signTransactionResult,
        await transport.request(
          { method: 'solana_signTransaction', params: { transaction: base64.decode(transaction) } },
          network.caipNetworkId,
        ),
        'solana_signTransaction',
      )
      if (result.transaction) return wireBytesOf(result.transaction)
      if (!result.signature) throw new WalletError('SIGN_MESSAGE_FAILED', undefined, 'solana_signTransaction')
      // Only the signature came back: it goes into the account's slot of the transaction sent, which must
      // have one, or the signatures would outnumber the signers the message names. It is the signature of
      // that very message: a wallet that changed it (a priority fee added) answers the whole transaction.
      const decoded = getTransactionDecoder().decode(transaction)
      if (!(account in decoded.signatures))
        throw new WalletError('SIGN_MESSAGE_FAILED', undefined, `${account} does not sign this transaction`)
      const signatures = {
        ...decoded.signatures,
        [account]: base58.encode(result.signature) as SignatureBytes,
      }
      return new Uint8Array(getTransactionEncoder().encode({ ...decoded, signatures }))
    },
    async signAndSend(transaction, network, options) {
      const result = await transport.request(
        {
          method: 'solana_signAndSendTransaction',
          params: { transaction: base64.decode(transaction), sendOptions: options },
        },
        network.caipNetworkId,
      )
      return answer(signatureResult, result, 'solana_signAndSendTransaction').signature
    },
  }
  // Only a wallet that granted it is asked: one that did not may refuse it, where one request each works.
  if (!granted?.includes('solana_signAllTransactions')) return signer
  return {
    ...signer,
    async signAllTransactions(transactions, network) {
      const result = answer(
        signAllTransactionsResult,
        await transport.request(
          {
            method: 'solana_signAllTransactions',
            params: { transactions: transactions.map((transaction) => base64.decode(transaction)) },
          },
          network.caipNetworkId,
        ),
        'solana_signAllTransactions',
      )
      if (result.transactions.length !== transactions.length)
        throw new WalletError(
          'SIGN_MESSAGE_FAILED',
          undefined,
          `solana_signAllTransactions answered ${result.transactions.length} of ${transactions.length}`,
        )
      return result.transactions.map(wireBytesOf)
    },
  }
}
