/** Bitcoin Core's regtest parameters, as `@scure/btc-signer` takes a network: `bcrt1…` addresses. */
export const REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef } as const

/** Regtest's genesis block hash (Bitcoin Core's), block 0 of the local chain. */
export const REGTEST_GENESIS_HASH = '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206'

/** The chain's CAIP-2 id: `bip122:` and the first 32 hex digits of the genesis hash. */
export const REGTEST_CAIP_NETWORK_ID = `bip122:${REGTEST_GENESIS_HASH.slice(0, 32)}` as const

/** Regtest genesis block's timestamp (Bitcoin Core's), the time of block 0. */
export const REGTEST_GENESIS_TIME = 1296688602

/** Satoshis in one bitcoin. */
export const COIN = 100_000_000n
