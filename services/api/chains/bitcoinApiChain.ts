import { Address, NETWORK, TEST_NETWORK } from '@scure/btc-signer'
import { z } from 'zod'

/** Bitcoin mainnet's genesis block hash: the one network whose addresses are `bc1…`, `1…` and `3…`. */
const MAINNET_GENESIS_HASH = '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f'
/** Regtest's genesis block hash (Bitcoin Core's): the one network whose bech32 prefix is `bcrt`. */
const REGTEST_GENESIS_HASH = '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206'

/** BTC's decimals: one bitcoin is 10^8 satoshis on every network. */
export const SATOSHI_DECIMALS = 8

/** Longest address taken: a bech32m taproot address is 62 characters on mainnet, 64 on regtest. */
const MAX_ADDRESS_LENGTH = 90

/** One Bitcoin network the api serves: the Esplora API it reads, and how its coin is shown and priced. */
export const bitcoinApiChainSchema = z.object({
  // The CAIP-2 id is 'bip122:' + the first 32 hex digits of the genesis block hash.
  genesisHash: z.string().regex(/^[0-9a-f]{64}$/, 'not a block hash (64 lowercase hex digits)'),
  /** The Esplora API's base, e.g. `https://blockstream.info/api` or the local chain's `…/api`. */
  esploraUrl: z.url({ protocol: /^https?$/ }),
  nativeCurrency: z
    .object({
      name: z.string().min(1).max(64).default('Bitcoin'),
      symbol: z.string().min(1).max(16).default('BTC'),
      iconUrl: z.string().max(2048).default(''),
      usdPrice: z.number().nonnegative().finite().optional(),
    })
    .default({ name: 'Bitcoin', symbol: 'BTC', iconUrl: '' }),
})

export type BitcoinApiChainConfig = z.input<typeof bitcoinApiChainSchema>
export type BitcoinApiChain = z.output<typeof bitcoinApiChainSchema>

/** The network's CAIP-2 id, the form every route takes and answers with. */
export const bitcoinCaipNetworkIdOf = (chain: Pick<BitcoinApiChain, 'genesisHash'>) =>
  `bip122:${chain.genesisHash.slice(0, 32)}` as const

/**
 * Address prefixes as Bitcoin Core gives them: mainnet and regtest have their own, every test network
 * (testnet3, testnet4, signets) shares `tb`.
 */
function addressParamsOf(genesisHash: string): typeof NETWORK {
  if (genesisHash === MAINNET_GENESIS_HASH) return NETWORK
  if (genesisHash === REGTEST_GENESIS_HASH) return { ...TEST_NETWORK, bech32: 'bcrt' }
  return TEST_NETWORK
}

/**
 * `address` as the api uses it when it is an address of `chain`'s network (a testnet address on mainnet is
 * not): bech32 addresses in lowercase, their one canonical form, so one holder is one cache entry and one
 * Esplora path; base58 ones as given. Undefined for anything else.
 */
export function bitcoinAddressOf(
  chain: Pick<BitcoinApiChain, 'genesisHash'>,
  address: string,
): string | undefined {
  if (address.length > MAX_ADDRESS_LENGTH) return undefined
  const params = addressParamsOf(chain.genesisHash)
  try {
    Address(params).decode(address)
  } catch {
    return undefined
  }
  const lower = address.toLowerCase()
  return lower.startsWith(`${params.bech32}1`) ? lower : address
}
