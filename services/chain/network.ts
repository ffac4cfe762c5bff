import { type Chain, defineChain } from 'viem'

export const localChainId = 31337

/** The spec's demo network: "Anvil", native currency tETH with 18 decimals, served by the local node. */
export function localNetwork(rpcUrl: string, id = localChainId): Chain {
  return defineChain({
    id,
    name: id === localChainId ? 'Anvil' : `Anvil ${id}`,
    nativeCurrency: { name: 'Test Ether', symbol: 'tETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  })
}
