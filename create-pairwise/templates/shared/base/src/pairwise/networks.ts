import { type CaipNetwork, type ChainAdapter, defineNetwork } from '@pairwise/modal/react'
import { chainId, rpcUrl } from './stack'

/** The EVM chains, given to the wagmi adapter and the modal. */
export const evmNetworks = [
  defineNetwork({
    id: chainId,
    name: '{{chainName}}',
    nativeCurrency: { name: '{{currencyName}}', symbol: '{{currencySymbol}}', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  }),
]

/** Every network the modal offers, the first one the default. */
export const networks: [CaipNetwork, ...CaipNetwork[]] = [...evmNetworks] as [CaipNetwork, ...CaipNetwork[]]

/** The adapters beside wagmi's: none for an EVM-only app. */
export const otherAdapters = (): ChainAdapter[] => []
