import type { BitcoinApiChainConfig } from './bitcoinApiChain.js'

/**
 * The local regtest chain (services/bitcoin) as the api serves it: its Esplora API under `/api`, tBTC
 * (the modal's symbol for test networks) priced at 1 USD as the other local chains' coins are.
 */
export function localBitcoinApiChain({
  url,
  genesisHash,
}: {
  /** The chain server's root (`LocalBitcoin.url`). */
  url: string
  genesisHash: string
}): BitcoinApiChainConfig {
  return {
    genesisHash,
    esploraUrl: `${url.replace(/\/+$/, '')}/api`,
    nativeCurrency: { name: 'Regtest Bitcoin', symbol: 'tBTC', usdPrice: 1 },
  }
}
