import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  BitcoinAdapter,
  bitcoin,
  bitcoinChainOf,
  bitcoinChains,
  bitcoinRegtest,
  bitcoinSignet,
  bitcoinTestnet3,
  bitcoinTestnet4,
  defineBitcoinNetwork,
} from '../../bitcoin/index.js'
import { REGTEST_CAIP_NETWORK_ID, REGTEST_GENESIS_HASH } from '../../services/bitcoin/index.js'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('Bitcoin networks', () => {
  it('have CAIP-2 ids of their own genesis hashes, and each testnet keeps its own name in every family', () => {
    expect(
      [bitcoin, bitcoinTestnet3, bitcoinTestnet4, bitcoinSignet, bitcoinRegtest].map((n) => n.caipNetworkId),
    ).toEqual([
      'bip122:000000000019d6689c085ae165831e93',
      'bip122:000000000933ea01ad0ee984209779ba',
      'bip122:00000000da84f2bafbbc53dee25a72ae',
      'bip122:00000008819873e925422c1ff0f99f7c',
      'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
    ])
    // The local node's genesis is the regtest one.
    expect(bitcoinChains.regtest.genesisHash).toBe(REGTEST_GENESIS_HASH)
    expect(bitcoinRegtest.caipNetworkId).toBe(REGTEST_CAIP_NETWORK_ID)
    // AppKit 1.7.13 sends testnet3's id to sats-connect wallets as Testnet4.
    expect(bitcoinChainOf(bitcoinTestnet3)?.satsConnect).toBe('Testnet')
    expect(bitcoinChainOf(bitcoinTestnet4)?.satsConnect).toBe('Testnet4')
    expect(Object.values(bitcoinChains).map((c) => [c.satsConnect, c.standard, c.unisat])).toEqual([
      ['Mainnet', 'bitcoin:mainnet', 'BITCOIN_MAINNET'],
      ['Testnet', 'bitcoin:testnet', 'BITCOIN_TESTNET'],
      ['Testnet4', 'bitcoin:testnet4', 'BITCOIN_TESTNET4'],
      ['Signet', 'bitcoin:signet', 'BITCOIN_SIGNET'],
      ['Regtest', 'bitcoin:regtest', 'BITCOIN_REGTEST'],
    ])
    expect(bitcoin).toMatchObject({
      chainNamespace: 'bip122',
      id: '000000000019d6689c085ae165831e93',
      testnet: false,
    })
    expect(bitcoin.nativeCurrency).toEqual({ name: 'Bitcoin', symbol: 'BTC', decimals: 8 })
  })

  it('take any Esplora URL, and an unknown genesis is no chain of the adapter', () => {
    const mine = defineBitcoinNetwork({
      chain: 'signet',
      name: 'My Signet',
      esploraUrl: 'https://esplora.example/api',
    })
    expect(mine.rpcUrls.default.http).toEqual(['https://esplora.example/api'])
    expect(bitcoinChainOf(mine)).toBe(bitcoinChains.signet)
    expect(bitcoinChainOf({ id: 'ffff' })).toBeUndefined()
  })
  it('presets of public networks name no Esplora, so a read with none configured calls no host and fails', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('no host may be called'))
    const adapter = new BitcoinAdapter()
    const reads = [
      [bitcoin, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
      [bitcoinTestnet3, 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'],
      [bitcoinTestnet4, 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'],
      [bitcoinSignet, 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'],
    ] as const
    for (const [network, address] of reads) {
      expect(network.rpcUrls.default.http).toEqual([])
      await expect(adapter.getBalance({ address, network })).rejects.toMatchObject({
        name: 'BitcoinError',
        message: expect.stringContaining(`${network.caipNetworkId} has no Esplora URL`),
      })
    }
    expect(fetchSpy).not.toHaveBeenCalled()
  })
})
