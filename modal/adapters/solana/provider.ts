import { getBase58Decoder, getBase64Decoder, type Signature } from '@solana/kit'
import { WalletError } from '../../controllers/errors.js'
import type { CaipNetwork } from '../../networks/types.js'
import { solanaChainOf } from './chains.js'
import type { PriorityFee } from './computeBudget.js'
import { type ConfirmOptions, confirmSignature } from './confirm.js'
import type { PreflightCommitment } from './preflight.js'
import type { SolanaRpc } from './rpc.js'
import { signInMessageText } from './signInMessage.js'
import { type SolanaTransactionInput, sameKindAs, wireBytes } from './transactionInput.js'
import { type TransferRequest, transfer } from './transfer.js'
import {
  featureOf,
  firstOutput,
  type SendOptions,
  type SolanaSignInInput,
  signAndSendOutput,
  signInOutput,
  signMessageOutput,
  signTransactionOutput,
  type Wallet,
  type WalletAccount,
} from './walletStandard.js'

export type SolanaSignIn = {
  address: string
  publicKey: Uint8Array
  signedMessage: Uint8Array
  signature: Uint8Array
}

/**
 * The connected Solana wallet as an app uses it (`useAppKitProvider('solana')`, `kit.getProvider('solana')`):
 * AppKit's Solana provider methods, signatures as base58 strings, plus `transfer` for SOL and SPL tokens.
 */
export type SolanaProvider = {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly walletName: string
  /** The network the connection is on. */
  readonly network: CaipNetwork
  signMessage(message: Uint8Array): Promise<Uint8Array>
  signTransaction<T extends SolanaTransactionInput>(transaction: T): Promise<T>
  signAllTransactions<T extends SolanaTransactionInput>(transactions: T[]): Promise<T[]>
  /** The wallet signs and sends (or signs, and the app's RPC sends); the base58 signature. */
  signAndSendTransaction(transaction: SolanaTransactionInput, options?: SendOptions): Promise<string>
  /** The wallet signs; the app's RPC sends. */
  sendTransaction(transaction: SolanaTransactionInput, options?: SendOptions): Promise<string>
  /** Sign-In With Solana: `solana:signIn` when the wallet has it, else its text signed with signMessage. */
  signIn(input?: SolanaSignInInput): Promise<SolanaSignIn>
  /** Sends SOL or an SPL token and waits for confirmation; the base58 signature. */
  transfer(request: TransferRequest): Promise<string>
}

export type ProviderDeps = {
  wallet: Wallet
  account: WalletAccount
  network(): CaipNetwork
  rpc(network: CaipNetwork): SolanaRpc
  preflightCommitment: PreflightCommitment
  priorityFee?: PriorityFee | undefined
  confirm: ConfirmOptions
  /** The page's host, the sign-in domain when the app gives none. */
  domain(): string | undefined
}

const base58 = getBase58Decoder()

export function solanaProvider(deps: ProviderDeps): SolanaProvider {
  const { wallet, account } = deps
  const chainNow = () => solanaChainOf(deps.network())

  const signBytes = async (transaction: Uint8Array): Promise<Uint8Array> => {
    const feature = featureOf(wallet, 'solana:signTransaction')
    if (!feature)
      throw new WalletError('PROVIDER_NOT_FOUND', undefined, `${wallet.name} cannot sign transactions`)
    const outputs = await feature.signTransaction({ account, transaction, chain: chainNow() })
    return firstOutput(outputs, signTransactionOutput).signedTransaction
  }

  const sendSigned = async (signed: Uint8Array, options?: SendOptions): Promise<string> => {
    const encoded = getBase64Decoder().decode(signed) as Parameters<SolanaRpc['sendTransaction']>[0]
    return deps
      .rpc(deps.network())
      .sendTransaction(encoded, {
        encoding: 'base64',
        preflightCommitment: options?.preflightCommitment ?? deps.preflightCommitment,
        ...(options?.skipPreflight === undefined ? {} : { skipPreflight: options.skipPreflight }),
        ...(options?.maxRetries === undefined ? {} : { maxRetries: BigInt(options.maxRetries) }),
      } as Parameters<SolanaRpc['sendTransaction']>[1])
      .send()
  }

  const signAndSendBytes = async (transaction: Uint8Array, options?: SendOptions): Promise<string> => {
    const feature = featureOf(wallet, 'solana:signAndSendTransaction')
    if (!feature) return sendSigned(await signBytes(transaction), options)
    const outputs = await feature.signAndSendTransaction({
      account,
      transaction,
      chain: chainNow(),
      options: { preflightCommitment: deps.preflightCommitment, ...options },
    })
    return base58.decode(firstOutput(outputs, signAndSendOutput).signature)
  }

  const signMessage = async (message: Uint8Array): Promise<Uint8Array> => {
    const feature = featureOf(wallet, 'solana:signMessage')
    if (!feature)
      throw new WalletError('SIGN_MESSAGE_FAILED', undefined, `${wallet.name} cannot sign messages`)
    return firstOutput(await feature.signMessage({ account, message }), signMessageOutput).signature
  }

  return {
    address: account.address,
    publicKey: new Uint8Array(account.publicKey),
    walletName: wallet.name,
    get network() {
      return deps.network()
    },
    signMessage,
    async signTransaction(transaction) {
      return sameKindAs(transaction, await signBytes(wireBytes(transaction)))
    },
    async signAllTransactions(transactions) {
      const signed = []
      for (const transaction of transactions)
        signed.push(sameKindAs(transaction, await signBytes(wireBytes(transaction))))
      return signed
    },
    signAndSendTransaction: (transaction, options) => signAndSendBytes(wireBytes(transaction), options),
    async sendTransaction(transaction, options) {
      return sendSigned(await signBytes(wireBytes(transaction)), options)
    },
    async signIn(input = {}) {
      const feature = featureOf(wallet, 'solana:signIn')
      if (feature) {
        const {
          account: signer,
          signedMessage,
          signature,
        } = firstOutput(await feature.signIn(input), signInOutput)
        return { address: signer.address, publicKey: signer.publicKey, signedMessage, signature }
      }
      const domain = input.domain ?? deps.domain()
      if (!domain) throw new WalletError('SIGN_MESSAGE_FAILED', undefined, 'a sign-in needs a domain')
      const signedMessage = new TextEncoder().encode(
        signInMessageText({ ...input, domain, address: input.address ?? account.address }),
      )
      const signature = await signMessage(signedMessage)
      return {
        address: account.address,
        publicKey: new Uint8Array(account.publicKey),
        signedMessage,
        signature,
      }
    },
    transfer(request) {
      const network = deps.network()
      const rpc = deps.rpc(network)
      return transfer(
        {
          rpc,
          from: account.address,
          priorityFee: deps.priorityFee,
          send: async (wire) => (await signAndSendBytes(wire)) as Signature,
          confirm: (signature, lastValid) => confirmSignature(rpc, signature, lastValid, deps.confirm),
        },
        request,
      )
    },
  }
}
