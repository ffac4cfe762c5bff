import { type CaipNetwork, type ChainAdapter, defineNetwork } from '@pairwise/modal/react'
import { defineSolanaNetwork, SolanaAdapter } from '@pairwise/solana'
import { chainId, rpcUrl, solanaGenesisHash, solanaRpcUrl } from './stack'

/** The EVM chains, given to the wagmi adapter and the modal. */
export const evmNetworks = [
  defineNetwork({
    id: chainId,
    name: '{{chainName}}',
    nativeCurrency: { name: '{{currencyName}}', symbol: '{{currencySymbol}}', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  }),
]

/** The Solana cluster; its CAIP-2 id is its genesis hash's first 32 characters. */
export const solanaNetworks = [
  defineSolanaNetwork({
    genesisHash: solanaGenesisHash,
    name: 'Solana',
    rpcUrl: solanaRpcUrl,
    testnet: true,
  }),
]

/** Every network the modal offers, the first one the default. */
export const networks: [CaipNetwork, ...CaipNetwork[]] = [...evmNetworks, ...solanaNetworks] as [
  CaipNetwork,
  ...CaipNetwork[],
]

/** The adapters beside wagmi's: Solana's Wallet Standard wallets and WalletConnect's solana namespace. */
export const otherAdapters = (): ChainAdapter[] => [new SolanaAdapter()]
