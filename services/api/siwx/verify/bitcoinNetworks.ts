import { NETWORK, TEST_NETWORK } from '@scure/btc-signer'

/** Address prefixes of one Bitcoin network, as @scure/btc-signer's `Address(network)` reads them. */
export type BitcoinNetwork = typeof NETWORK

const regtest: BitcoinNetwork = { ...TEST_NETWORK, bech32: 'bcrt' }

/** CAIP-2 bip122 references (the first 32 hex of the genesis block hash) of the networks we check. */
const networksByReference: ReadonlyMap<string, BitcoinNetwork> = new Map([
  ['000000000019d6689c085ae165831e93', NETWORK],
  ['000000000933ea01ad0ee984209779ba', TEST_NETWORK],
  ['0f9188f13cb7b2c71f2a335e3a4fc328', regtest],
])

export function bitcoinNetworkOf(chainReference: string): BitcoinNetwork | undefined {
  return networksByReference.get(chainReference)
}
