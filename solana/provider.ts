import type { Emitter, Listen } from '@pairwise/common'
import { type CaipNetwork, WalletError } from '@pairwise/modal/adapter'
import type { Signature } from '@solana/kit'
import { getBase64Decoder } from '@solana/kit'
import type { PriorityFee } from './computeBudget.js'
import { type ConfirmOptions, confirmSignature } from './confirm.js'
import { SolanaError } from './errors.js'
import { assertNotTransaction, verifiedSignature, verifiedTransaction } from './messageSignature.js'
import type { PreflightCommitment } from './preflight.js'
import type { SolanaRpc } from './rpc.js'
import type { SolanaSigner, SolanaSignIn } from './signer.js'
import { signInMessageText } from './signInMessage.js'
import { type SolanaTransactionInput, sameKindAs, wireBytes } from './transactionInput.js'
import { type TransferRequest, transfer } from './transfer.js'
import type { SendOptions, SolanaSignInInput } from './walletStandard.js'

export type { SolanaSignIn }

/**
 * web3.js v1's `Connection`, recognised by `sendRawTransaction`: AppKit's `sendTransaction(transaction,
 * connection, options)` sends through the app's own, on the app's RPC and commitment.
 */
export type RawTransactionSender = {
  sendRawTransaction(rawTransaction: Uint8Array, options?: SendOptions): Promise<string>
}

/**
 * What a Solana provider tells its listeners, as AppKit's Solana provider names them: a key is the account's
 * 32 bytes (AppKit's web3.js PublicKey), a chain its CAIP-2 id. `connect` is named for the apps that listen to
 * it, and is never heard: a provider exists only once its wallet is connected.
 */
export type SolanaProviderEvents = {
  connect: Uint8Array
  accountsChanged: Uint8Array
  chainChanged: string
  disconnect: undefined
}

/**
 * The connected Solana wallet as an app uses it (`useAppKitProvider('solana')`, `kit.getProvider('solana')`):
 * AppKit's Solana provider methods, signatures as base58 strings, plus `transfer` for SOL and SPL tokens.
 */
export type SolanaProvider = {
  readonly address: string
  readonly publicKey: Uint8Array
  /** AppKit's name for `walletName`. */
  readonly name: string
  readonly walletName: string
  /** The network the connection is on. */
  readonly network: CaipNetwork
  /** The app's Solana networks this wallet serves: those a switch can move the connection to. */
  readonly chains: CaipNetwork[]
  /** Disconnects the wallet as the modal's disconnect does; the modal shows it disconnected. */
  disconnect(): Promise<void>
  on: Listen<SolanaProviderEvents>
  off: Listen<SolanaProviderEvents>
  /** AppKit's name for `off`. */
  removeListener: Listen<SolanaProviderEvents>
  signMessage(message: Uint8Array): Promise<Uint8Array>
  signTransaction<T extends SolanaTransactionInput>(transaction: T): Promise<T>
  signAllTransactions<T extends SolanaTransactionInput>(transactions: T[]): Promise<T[]>
  /** The wallet signs and sends (or signs, and the app's RPC sends); the base58 signature. */
  signAndSendTransaction(transaction: SolanaTransactionInput, options?: SendOptions): Promise<string>
  /** The wallet signs; `connection` sends when given (AppKit's arguments), else the network's RPC. */
  sendTransaction(
    transaction: SolanaTransactionInput,
    connection?: RawTransactionSender,
    options?: SendOptions,
  ): Promise<string>
  /** Sign-In With Solana: the wallet's own when it has one, else its text signed with signMessage. */
  signIn(input?: SolanaSignInInput): Promise<SolanaSignIn>
  /** Sends SOL or an SPL token and waits for confirmation; the base58 signature. */
  transfer(request: TransferRequest): Promise<string>
}

export type ProviderDeps = {
  /** The connection's signer now: a wallet's account change replaces it under a provider the app holds. */
  signer(): SolanaSigner
  /** Whether the connection this provider was made for is the adapter's still. */
  connected(): boolean
  network(): CaipNetwork
  chains(): CaipNetwork[]
  /** The connection's events, which the adapter emits as it learns of them. */
  events: Emitter<SolanaProviderEvents>
  disconnect(): Promise<void>
  rpc(network: CaipNetwork): SolanaRpc
  preflightCommitment: PreflightCommitment
  priorityFee?: PriorityFee | undefined
  confirm: ConfirmOptions
  /** The page's host, the sign-in domain when the app gives none. */
  domain(): string | undefined
}

export function solanaProvider(deps: ProviderDeps): SolanaProvider {
  // A provider the app kept past its connection's end asks the wallet nothing: a page's wallet stays signed in
  // to the page after a disconnect, and would prompt a user the modal shows disconnected. What it was for
  // (address, key, wallet name) it still tells, through `deps.signer()` itself.
  const wallet = () => {
    if (!deps.connected()) throw new WalletError('CONNECTOR_NOT_CONNECTED')
    return deps.signer()
  }
  const signMessage = async (signer: SolanaSigner, message: Uint8Array) => {
    assertNotTransaction(signer.address, message)
    return verifiedSignature(signer.address, message, await signer.signMessage(message, deps.network()))
  }

  // Checked here for every signer alike (a page wallet, a WalletConnect session): a wallet's answer is its
  // word, and an empty slot or another key's signature would reach the app as signed, and fail at the node.
  const signedBy = async (signer: SolanaSigner, transaction: Uint8Array, network: CaipNetwork) =>
    verifiedTransaction(signer.address, await signer.signTransaction(transaction, network))

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
    const network = deps.network()
    const signer = wallet()
    if (!signer.signAndSend) return sendSigned(await signedBy(signer, transaction, network), options)
    return signer.signAndSend(transaction, network, {
      preflightCommitment: deps.preflightCommitment,
      ...options,
    })
  }

  const signBytes = (transaction: Uint8Array) => signedBy(wallet(), transaction, deps.network())
  const off: Listen<SolanaProviderEvents> = (event, listener) => {
    deps.events.off(event, listener)
  }

  return {
    get address() {
      return deps.signer().address
    },
    get publicKey() {
      return deps.signer().publicKey
    },
    get name() {
      return deps.signer().walletName
    },
    get walletName() {
      return deps.signer().walletName
    },
    get network() {
      return deps.network()
    },
    get chains() {
      return deps.chains()
    },
    disconnect: () => deps.disconnect(),
    on(event, listener) {
      deps.events.on(event, listener)
    },
    off,
    removeListener: off,
    signMessage: async (message) => signMessage(wallet(), message),
    async signTransaction(transaction) {
      return sameKindAs(transaction, await signBytes(wireBytes(transaction)))
    },
    async signAllTransactions(transactions) {
      const signer = wallet()
      const network = deps.network()
      const wire = transactions.map(wireBytes)
      let signed: Uint8Array[] = []
      if (signer.signAllTransactions)
        signed = await Promise.all(
          (await signer.signAllTransactions(wire, network)).map((answered) =>
            verifiedTransaction(signer.address, answered),
          ),
        )
      // One request at a time: a wallet shows its user one approval after another, none after a bad answer.
      else for (const transaction of wire) signed.push(await signedBy(signer, transaction, network))
      return transactions.map((transaction, i) => sameKindAs(transaction, signed[i] as Uint8Array))
    },
    signAndSendTransaction: (transaction, options) => signAndSendBytes(wireBytes(transaction), options),
    async sendTransaction(transaction, connection, options) {
      const signed = await signBytes(wireBytes(transaction))
      return connection ? connection.sendRawTransaction(signed, options) : sendSigned(signed, options)
    },
    async signIn(input = {}) {
      const signer = wallet()
      // The sign-in is the connected account's, the one the modal shows: another's, asked by the app or
      // answered by the wallet, would have the app sign in someone the user does not see connected.
      const other = (address: string) =>
        new SolanaError('INVALID_ADDRESS', undefined, `${address} is not the connected ${signer.address}`)
      if (input.address !== undefined && input.address !== signer.address) throw other(input.address)
      if (signer.signIn) {
        const signedIn = await signer.signIn(input)
        if (signedIn.address !== signer.address) throw other(signedIn.address)
        await verifiedSignature(signer.address, signedIn.signedMessage, signedIn.signature)
        return signedIn
      }
      const domain = input.domain ?? deps.domain()
      if (!domain) throw new TypeError('A sign-in needs a domain')
      const signedMessage = new TextEncoder().encode(
        signInMessageText({ ...input, domain, address: signer.address }),
      )
      const signature = await signMessage(signer, signedMessage)
      return { address: signer.address, publicKey: signer.publicKey, signedMessage, signature }
    },
    async transfer(request) {
      const from = wallet().address
      const rpc = deps.rpc(deps.network())
      return transfer(
        {
          rpc,
          from,
          priorityFee: deps.priorityFee,
          send: async (wire) => (await signAndSendBytes(wire)) as Signature,
          confirm: (signature, lastValid) => confirmSignature(rpc, signature, lastValid, deps.confirm),
        },
        request,
      )
    },
  }
}

declare module '@pairwise/modal/adapter' {
  /** With this package loaded, `getProvider('solana')` and `useAppKitProvider('solana')` give the Solana provider. */
  interface NamespaceProviders {
    solana: SolanaProvider
  }
}
