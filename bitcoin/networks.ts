import type { CaipNetwork } from '@pairwise/modal/adapter'

/** The Bitcoin networks the adapter knows, each with the names every wallet family gives it. */
export const bitcoinChains = {
  mainnet: {
    genesisHash: '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f',
    address: { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 },
    standard: 'bitcoin:mainnet',
    satsConnect: 'Mainnet',
    leather: 'mainnet',
    unisat: 'BITCOIN_MAINNET',
  },
  // AppKit 1.7.13 names testnet3's genesis "Bitcoin Testnet" and asks sats-connect wallets for Testnet4:
  // here each testnet keeps its own genesis and its own name.
  testnet3: {
    genesisHash: '000000000933ea01ad0ee984209779baaec3ced90fa3f408719526f8d77f4943',
    address: { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
    standard: 'bitcoin:testnet',
    satsConnect: 'Testnet',
    leather: 'testnet',
    unisat: 'BITCOIN_TESTNET',
  },
  testnet4: {
    genesisHash: '00000000da84f2bafbbc53dee25a72ae507ff4914b867c565be350b0da8bf043',
    address: { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
    standard: 'bitcoin:testnet4',
    satsConnect: 'Testnet4',
    leather: 'testnet4',
    unisat: 'BITCOIN_TESTNET4',
  },
  signet: {
    genesisHash: '00000008819873e925422c1ff0f99f7cc9bbb232af63a077a480a3633bee1ef6',
    address: { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
    standard: 'bitcoin:signet',
    satsConnect: 'Signet',
    leather: 'signet',
    unisat: 'BITCOIN_SIGNET',
  },
  regtest: {
    genesisHash: '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
    address: { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
    standard: 'bitcoin:regtest',
    satsConnect: 'Regtest',
    leather: 'regtest',
    unisat: 'BITCOIN_REGTEST',
  },
} as const

export type BitcoinChainName = keyof typeof bitcoinChains
export type BitcoinChain = (typeof bitcoinChains)[BitcoinChainName]
/** A network's address prefixes: bech32 HRP, p2pkh and p2sh version bytes (and WIF's, which no address uses). */
export type AddressParams = BitcoinChain['address']

/** The CAIP-2 reference of a genesis hash: its first 32 hex digits. */
export const caipReference = (genesisHash: string) => genesisHash.slice(0, 32)

/** The chain a bip122 network is, by its CAIP-2 reference; undefined for one the adapter does not know. */
export function bitcoinChainOf(network: Pick<CaipNetwork, 'id'>): BitcoinChain | undefined {
  return Object.values(bitcoinChains).find((chain) => caipReference(chain.genesisHash) === String(network.id))
}

export type BitcoinNetworkInput = {
  chain: BitcoinChainName
  name: string
  /**
   * The Esplora API's base, e.g. `https://esplora.example/api`; balances, coins and broadcasts go there.
   * Without one (and without the adapter's `esplora` option) each read fails with `UNKNOWN_NETWORK`.
   */
  esploraUrl?: string
  explorerUrl?: string
}

const btc = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } as const

/** A Bitcoin network as the modal takes networks: `bip122:<first 32 hex digits of the genesis hash>`. */
export function defineBitcoinNetwork(input: BitcoinNetworkInput): CaipNetwork {
  const id = caipReference(bitcoinChains[input.chain].genesisHash)
  return {
    id,
    caipNetworkId: `bip122:${id}`,
    chainNamespace: 'bip122',
    name: input.name,
    nativeCurrency:
      input.chain === 'mainnet' ? btc : { ...btc, name: `${input.name} Bitcoin`, symbol: 'tBTC' },
    rpcUrls: { default: { http: input.esploraUrl ? [input.esploraUrl] : [] } },
    ...(input.explorerUrl
      ? { blockExplorers: { default: { name: 'Explorer', url: input.explorerUrl } } }
      : {}),
    testnet: input.chain !== 'mainnet',
  }
}

/*
 * The public networks name no Esplora: public ones (mempool.space, AppKit's default) belong to third parties,
 * which a preset must not send the app's visitors' addresses to. An app reads them through its own Esplora,
 * `defineBitcoinNetwork({ esploraUrl })` or the adapter's `esplora` option.
 */
export const bitcoin = defineBitcoinNetwork({
  chain: 'mainnet',
  name: 'Bitcoin',
  explorerUrl: 'https://mempool.space',
})
export const bitcoinTestnet3 = defineBitcoinNetwork({
  chain: 'testnet3',
  name: 'Bitcoin Testnet3',
  explorerUrl: 'https://mempool.space/testnet',
})
export const bitcoinTestnet4 = defineBitcoinNetwork({
  chain: 'testnet4',
  name: 'Bitcoin Testnet4',
  explorerUrl: 'https://mempool.space/testnet4',
})
export const bitcoinSignet = defineBitcoinNetwork({
  chain: 'signet',
  name: 'Bitcoin Signet',
  explorerUrl: 'https://mempool.space/signet',
})
/** The local regtest chain `npx pairwise bitcoin` and `npm start` serve (PAIRWISE_BITCOIN_PORT, 3002). */
export const bitcoinRegtest = defineBitcoinNetwork({
  chain: 'regtest',
  name: 'Bitcoin Regtest',
  esploraUrl: 'http://127.0.0.1:3002/api',
})
