import { hex } from '@scure/base'
import { addressScript } from './addressScript.js'
import { type AddressParams, bitcoinChains } from './networks.js'

export const bitcoinPurposes = ['payment', 'ordinal'] as const
export type BitcoinPurpose = (typeof bitcoinPurposes)[number]
export const addressTypes = ['p2wpkh', 'p2tr', 'p2sh', 'p2pkh', 'p2wsh', 'unknown'] as const
export type AddressType = (typeof addressTypes)[number]

/**
 * One Bitcoin account of a connected wallet (ENT-12): its address, public key (hex; 33 bytes compressed,
 * or 32 x-only for taproot) and derivation path when the wallet gives them (every injected family gives the
 * key; a WalletConnect wallet need not), what it is for and its script type.
 */
export type BitcoinAccount = {
  address: string
  publicKey?: string
  path?: string
  purpose: BitcoinPurpose
  addressType: AddressType
}

/** An account as a wallet family reports it, before the adapter decides its purpose. */
export type ReportedAccount = {
  address: string
  publicKey?: string | undefined
  path?: string | undefined
  /** The purpose the wallet states: 'payment', 'ordinals' (sats-connect), 'ordinal'; others ignored. */
  purpose?: string | undefined
  /** The script type the wallet states (sats-connect `addressType`, Leather `type`). */
  addressType?: string | undefined
}

/** The script type an address decodes to on any of the known networks; 'unknown' when none reads it. */
export function addressTypeOf(address: string): AddressType {
  const seen = new Set<string>()
  for (const { address: params } of Object.values(bitcoinChains)) {
    const key = JSON.stringify(params)
    if (seen.has(key)) continue
    seen.add(key)
    try {
      const { type } = addressScript(address, params)
      return type === 'p2a' ? 'unknown' : type
    } catch {}
  }
  return 'unknown'
}

/** Whether `address` is an address of the network with these prefixes. */
export function isAddressOn(address: string, params: AddressParams): boolean {
  try {
    addressScript(address, params)
    return true
  } catch {
    return false
  }
}

const statedPurpose = (purpose: string | undefined): BitcoinPurpose | undefined =>
  purpose === 'payment' ? 'payment' : purpose === 'ordinals' || purpose === 'ordinal' ? 'ordinal' : undefined

const typeOf = (stated: string | undefined, address: string): AddressType =>
  (addressTypes as readonly string[]).includes(stated ?? '') && stated !== 'unknown'
    ? (stated as AddressType)
    : addressTypeOf(address)

/**
 * The wallet's Bitcoin accounts as the adapter exposes them (CONST-28): the payment account at index 0, the
 * ordinal account at index 1. Each account's purpose is the one its wallet states, else its script type's
 * (taproot holds ordinals, every other type pays), and only an account neither tells is placed by its
 * position (first payment, second ordinal). AppKit 1.7.13 relabels every wallet's accounts by position and
 * drops publicKey and path; here both are kept. A second account of one purpose is left out: the index is
 * the purpose.
 */
export function orderAccounts(reported: readonly ReportedAccount[]): BitcoinAccount[] {
  const placed = reported.map((account) => {
    const addressType = typeOf(account.addressType, account.address)
    const purpose: BitcoinPurpose | undefined =
      statedPurpose(account.purpose) ??
      (addressType === 'p2tr' ? 'ordinal' : addressType === 'unknown' ? undefined : 'payment')
    return { account, addressType, purpose }
  })
  // A stated non-Bitcoin purpose (sats-connect's 'stacks', 'starknet', 'spark') is no Bitcoin account.
  const bitcoin = placed.filter(
    ({ account, purpose }) => purpose !== undefined || account.purpose === undefined,
  )
  let position = 0
  const resolved = bitcoin.map(({ account, addressType, purpose }) => {
    const chosen = purpose ?? bitcoinPurposes[Math.min(position, 1)]!
    position++
    return {
      address: account.address,
      ...(account.publicKey ? { publicKey: account.publicKey.toLowerCase() } : {}),
      ...(account.path ? { path: account.path } : {}),
      purpose: chosen,
      addressType,
    } satisfies BitcoinAccount
  })
  return bitcoinPurposes.flatMap((purpose) => {
    const first = resolved.find((account) => account.purpose === purpose)
    return first ? [first] : []
  })
}

/** Bytes a wallet gave as a public key, as the hex the account model keeps. */
export const publicKeyHex = (bytes: Uint8Array) => hex.encode(bytes)
