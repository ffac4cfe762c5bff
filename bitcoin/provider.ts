import type { Emitter, Listen } from '@pairwise/common'
import { type CaipNetwork, WalletError } from '@pairwise/modal/adapter'
import { base64 } from '@scure/base'
import * as z from 'zod/mini'
import type { BitcoinAccount } from './accounts.js'
import {
  type BitcoinConnector,
  type InputsToSign,
  type MessageProtocol,
  messageProtocols,
} from './connectors/connector.js'
import { BitcoinError } from './errors.js'
import type { BitcoinActivity, EsploraClient } from './esplora.js'
import type { BitcoinChain } from './networks.js'
import { assertSignable } from './psbt.js'
import { broadcastSigned, sendBitcoin, type TransferRequest } from './transfer.js'

/**
 * What a Bitcoin provider tells its listeners, as AppKit's Bitcoin connectors name them: the connection's
 * addresses (the payment account's first), the CAIP-2 id of the network it moved to, its end.
 */
export type BitcoinProviderEvents = {
  accountsChanged: string[]
  chainChanged: string
  disconnect: undefined
}

/**
 * The connected Bitcoin wallet as an app uses it (`kit.getProvider('bip122')`, `useAppKitProvider('bip122')`):
 * AppKit's Bitcoin connector methods (`getAccountAddresses`, `signMessage`, `signPSBT`, `sendTransfer`), and
 * every account with its publicKey and path, which AppKit 1.7.13 drops.
 */
export type BitcoinProvider = {
  /** The payment account's address. */
  readonly address: string
  /** allAccounts: the payment account at index 0, the ordinal account at index 1 (CONST-28). */
  readonly accounts: readonly BitcoinAccount[]
  /** AppKit's name for `walletName`. */
  readonly name: string
  readonly walletName: string
  readonly network: CaipNetwork
  /** The app's Bitcoin networks. */
  readonly chains: CaipNetwork[]
  /** Disconnects the wallet as the modal's disconnect does; the modal shows it disconnected. */
  disconnect(): Promise<void>
  /**
   * Moves the wallet to the app's network `caipNetworkId` as the modal's Networks list does (where the wallet
   * can be asked; else `SWITCH_IN_WALLET`), and the modal follows.
   */
  switchNetwork(caipNetworkId: string): Promise<void>
  on: Listen<BitcoinProviderEvents>
  off: Listen<BitcoinProviderEvents>
  /** AppKit's name for `off`. */
  removeListener: Listen<BitcoinProviderEvents>
  getAccountAddresses(): Promise<BitcoinAccount[]>
  /** A base64 signature: BIP-322 "simple" by default, BIP-137 ECDSA with `protocol: 'ecdsa'`. */
  signMessage(input: { message: string; address?: string; protocol?: MessageProtocol }): Promise<string>
  /** Signs a base64 PSBT; with `broadcast` the signed transaction is sent too (by the wallet or through Esplora). */
  signPSBT(input: {
    psbt: string
    /** `sighashTypes` go to the wallets that take them (Unisat, OKX, WalletConnect), as AppKit's do. */
    signInputs: { address: string; index: number; sighashTypes?: number[] }[]
    broadcast?: boolean
  }): Promise<{ psbt: string; txid?: string }>
  /** Pays `amount` satoshis to `recipient`; the txid. */
  sendTransfer(request: TransferRequest): Promise<string>
  /** The payment account's satoshis, unconfirmed included. */
  getBalance(): Promise<bigint>
  /** The latest transactions of an account (the payment account's by default). */
  getActivity(address?: string): Promise<BitcoinActivity[]>
}

export type ProviderDeps = {
  connector: BitcoinConnector
  /** Whether the connection this provider was made for is the adapter's still. */
  connected(): boolean
  accounts(): readonly BitcoinAccount[]
  network(): CaipNetwork
  chains(): CaipNetwork[]
  chain(): BitcoinChain
  esplora(): EsploraClient
  /** The connection's events, which the adapter emits as it learns of them. */
  events: Emitter<BitcoinProviderEvents>
  disconnect(): Promise<void>
  switchNetwork(caipNetworkId: string): Promise<void>
}

// A sighash type is one byte in a signature (BIP-143, BIP-341).
const sighashType = z.number().check(z.int(), z.nonnegative(), z.maximum(0xff))
const signInputs = z.array(
  z.object({
    address: z.string(),
    index: z.number().check(z.int(), z.nonnegative(), z.maximum(10_000)),
    sighashTypes: z.optional(z.array(sighashType)),
  }),
)

export function bitcoinProvider(deps: ProviderDeps): BitcoinProvider {
  // A provider the app kept past its connection's end asks the wallet nothing: Unisat and OKX stay signed in
  // to the page after a disconnect, and would prompt a user the modal shows disconnected.
  const wallet = () => {
    if (!deps.connected()) throw new WalletError('CONNECTOR_NOT_CONNECTED')
    return deps.connector
  }
  const account = (address: string | undefined) => {
    const accounts = deps.accounts()
    const found = address === undefined ? accounts[0] : accounts.find((a) => a.address === address)
    if (!found) throw new BitcoinError('INVALID_ADDRESS', undefined, address ?? '(no account)')
    return found
  }
  const off: Listen<BitcoinProviderEvents> = (event, listener) => {
    deps.events.off(event, listener)
  }
  return {
    get address() {
      return account(undefined).address
    },
    get accounts() {
      return deps.accounts()
    },
    name: deps.connector.name,
    walletName: deps.connector.name,
    get network() {
      return deps.network()
    },
    get chains() {
      return deps.chains()
    },
    disconnect: () => deps.disconnect(),
    switchNetwork: (caipNetworkId) => deps.switchNetwork(caipNetworkId),
    on(event, listener) {
      deps.events.on(event, listener)
    },
    off,
    removeListener: off,
    getAccountAddresses: async () => [...deps.accounts()],
    async signMessage({ message, address, protocol = 'bip322' }) {
      // Each family maps the names it knows and signs its default for any other (Unisat BIP-322 for
      // sats-connect's 'ECDSA'), so the app would get a signature of another kind than it asked for.
      if (!messageProtocols.includes(protocol))
        throw new BitcoinError(
          'UNKNOWN_PROTOCOL',
          undefined,
          `${JSON.stringify(protocol)} (known: ${messageProtocols.join(', ')})`,
        )
      const signed = await wallet().signMessage({
        account: account(address),
        message,
        protocol,
        chain: deps.chain(),
      })
      return signed.signature
    },
    async signPSBT(input) {
      const inputs = z.parse(signInputs, input.signInputs)
      // Unisat and OKX read an empty list as every input the wallet owns, which no sighash check here saw.
      if (inputs.length === 0)
        throw new BitcoinError('INVALID_PSBT', undefined, 'signInputs names no input to sign')
      const grouped = new Map<string, InputsToSign[number]>()
      for (const { address, index, sighashTypes } of inputs) {
        const entry = grouped.get(address) ?? { address, indexes: [] }
        entry.indexes.push(index)
        if (sighashTypes) entry.sighashTypes = { ...entry.sighashTypes, [index]: sighashTypes }
        grouped.set(address, entry)
      }
      for (const address of grouped.keys()) account(address)
      const psbt = base64.decode(input.psbt)
      assertSignable(psbt, inputs)
      const signed = await wallet().signPsbt({
        psbt,
        inputs: [...grouped.values()],
        accounts: deps.accounts(),
        chain: deps.chain(),
        broadcast: input.broadcast ?? false,
      })
      const answer = base64.encode(signed.psbt)
      if (!input.broadcast || signed.txid)
        return { psbt: answer, ...(signed.txid ? { txid: signed.txid } : {}) }
      // A wallet that cannot broadcast (the Wallet Standard's) signed only: the app's Esplora sends it, and
      // only the transaction the app asked for.
      return { psbt: answer, txid: await broadcastSigned(deps.esplora(), psbt, signed.psbt) }
    },
    sendTransfer: async (request) =>
      sendBitcoin(wallet(), deps.accounts(), deps.chain(), deps.esplora(), request),
    getBalance: () => deps.esplora().balance(account(undefined).address),
    getActivity: (address) => deps.esplora().transactions(account(address).address),
  }
}

declare module '@pairwise/modal/adapter' {
  /** With this package loaded, `getProvider('bip122')` and `useAppKitProvider('bip122')` give the Bitcoin provider. */
  interface NamespaceProviders {
    bip122: BitcoinProvider
  }
}
