import * as z from 'zod/mini'
import type { BitcoinAccount } from '../accounts.js'
import type { BitcoinChain } from '../networks.js'

/** How a message is signed: BIP-322 "simple" (every family), or BIP-137's ECDSA where the wallet offers it. */
export const messageProtocols = ['bip322', 'ecdsa'] as const
export type MessageProtocol = (typeof messageProtocols)[number]

/** The bytes of a padded base64 string, counted without decoding it. */
const base64Bytes = (text: string) => Math.floor((text.replace(/=+$/, '').length * 3) / 4)

/**
 * A message signature as a wallet answers it in base64: BIP-137's 65 bytes, or a BIP-322 witness stack (66
 * bytes for a taproot key, about 107 for p2wpkh); 64 to 2048 bytes, the bounds WalletConnect's hex is held
 * to. An empty or short answer is no signature, and would reach the app as one.
 */
export const base64Signature = z
  .base64()
  .check(z.refine((text) => base64Bytes(text) >= 64 && base64Bytes(text) <= 2048, 'not 64 to 2048 bytes'))

export type SignedMessage = {
  address: string
  /** Base64: the BIP-322 witness stack, or BIP-137's 65-byte signature. */
  signature: string
  protocol: MessageProtocol
}

/**
 * The inputs one account signs, by index in the PSBT, with the sighash types the app asked for an index
 * (AppKit's `signInputs[].sighashTypes`), which the wallets that take them (Unisat, OKX, WalletConnect) get.
 */
export type InputsToSign = {
  address: string
  indexes: number[]
  sighashTypes?: Readonly<Record<number, readonly number[]>>
}[]

/** `inputs` one entry per index, as Unisat's `toSignInputs` and WalletConnect's `signInputs` take them. */
export function inputsByIndex(
  inputs: InputsToSign,
): { address: string; index: number; sighashTypes?: readonly number[] }[] {
  return inputs.flatMap(({ address, indexes, sighashTypes }) =>
    indexes.map((index) => {
      const types = sighashTypes?.[index]
      return { address, index, ...(types ? { sighashTypes: types } : {}) }
    }),
  )
}

export type SignedPsbt = { psbt: Uint8Array; txid?: string }

export type ConnectorChange =
  | { type: 'accounts'; accounts: BitcoinAccount[] }
  | { type: 'network'; chain: BitcoinChain }
  | { type: 'disconnect' }

/**
 * One Bitcoin wallet, whichever family's protocol it speaks (Wallet Standard, sats-connect, Leather,
 * Unisat/OKX): the adapter talks to this and nothing else. Every answer has been checked against the
 * family's schema before it gets here.
 */
export interface BitcoinConnector {
  readonly id: string
  readonly name: string
  readonly icon?: string | undefined
  /**
   * The CAIP-2 chains the wallet granted the app, where a session fixes them (WalletConnect's); absent, the
   * wallet may be on any chain the app configured.
   */
  readonly chains?: readonly string[]
  /** Asks the wallet for its accounts on `chain` (a prompt), or with `silent` only those it already granted. */
  connect(chain: BitcoinChain, silent: boolean): Promise<BitcoinAccount[]>
  disconnect(): Promise<void>
  signMessage(input: {
    account: BitcoinAccount
    message: string
    protocol: MessageProtocol
    chain: BitcoinChain
  }): Promise<SignedMessage>
  signPsbt(input: {
    psbt: Uint8Array
    inputs: InputsToSign
    accounts: readonly BitcoinAccount[]
    chain: BitcoinChain
    broadcast: boolean
  }): Promise<SignedPsbt>
  /** The wallet builds, signs and sends a payment itself, where it offers that; the txid. */
  sendTransfer?(input: { to: string; sats: bigint; chain: BitcoinChain }): Promise<string>
  /** Moves the wallet to `chain` where it can be asked to; without it the user switches in the wallet. */
  switchNetwork?(chain: BitcoinChain): Promise<void>
  /** Hears the wallet's own changes; returns the stop. */
  onChange(listener: (change: ConnectorChange) => void): () => void
}
