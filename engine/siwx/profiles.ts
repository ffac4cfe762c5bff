import { base58btcToBytes } from '@pairwise/crypto'
import { isChecksumAddress } from './eip55.js'
import type { SignInLayoutStyle } from './layout.js'
import type { SignInFields, SiwxNamespace } from './types.js'

type OptionalField = Exclude<keyof SignInFields, 'domain' | 'address' | 'scheme'>

/** What differs between the sign-in formats; the layout, field order and value grammars are shared. */
export type SignInProfile = {
  blockchain: string
  style: SignInLayoutStyle
  required: readonly OptionalField[]
  address: { test(text: string): boolean; rule: string }
  chainId: { test(text: string): boolean; rule: string }
}

const EIP4361_REQUIRED = ['uri', 'version', 'chainId', 'nonce', 'issuedAt'] as const

function isSolanaAddress(text: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(text)) return false
  return base58btcToBytes(text).length === 32
}

// Plausible text only (the signature check decodes it): base58 P2PKH/P2SH, or bech32/bech32m in one case.
const BITCOIN_BASE58 = /^[123mn][1-9A-HJ-NP-Za-km-z]{25,34}$/
const BITCOIN_BECH32 = /^(?:bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87}$/
const isBitcoinAddress = (text: string): boolean =>
  BITCOIN_BASE58.test(text) ||
  BITCOIN_BECH32.test(text) ||
  (text === text.toUpperCase() && BITCOIN_BECH32.test(text.toLowerCase()))

const SOLANA_CHAIN_IDS = [
  'mainnet',
  'testnet',
  'devnet',
  'localnet',
  'solana:mainnet',
  'solana:testnet',
  'solana:devnet',
]

export const SIGN_IN_PROFILES: Record<SiwxNamespace, SignInProfile> = {
  eip155: {
    blockchain: 'Ethereum',
    style: 'eip4361',
    required: EIP4361_REQUIRED,
    address: { test: isChecksumAddress, rule: 'an EIP-55 checksummed 0x address' },
    chainId: { test: (text) => /^[0-9]+$/.test(text), rule: 'decimal digits' },
  },
  solana: {
    blockchain: 'Solana',
    style: 'siws',
    required: [],
    address: { test: isSolanaAddress, rule: 'a base58 32-byte public key' },
    chainId: { test: (text) => SOLANA_CHAIN_IDS.includes(text), rule: SOLANA_CHAIN_IDS.join(', ') },
  },
  bip122: {
    blockchain: 'Bitcoin',
    style: 'eip4361',
    required: EIP4361_REQUIRED,
    address: { test: isBitcoinAddress, rule: 'a base58 or bech32 Bitcoin address' },
    chainId: { test: (text) => /^bip122:[0-9a-f]{32}$/.test(text), rule: 'bip122:<32 hex digits>' },
  },
}
