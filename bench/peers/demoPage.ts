/**
 * What every benchmarked page shares: the one network, the project id and the metadata. Plain data with
 * no imports, because the peer pages resolve their own pinned copies of viem, wagmi and React.
 */
export const demoChainId = 31337

/** Vite env var, read at build time, that carries the bench chain's RPC URL into every page. */
export const chainRpcUrlEnv = 'VITE_CHAIN_RPC_URL'

/** The element a page renders once connected, holding the connected address. */
export const addressTestId = 'demo-address'

export const demoProjectId = 'pairwise-bench-demo'

export const demoMetadata = {
  name: 'Pairwise demo',
  description: 'The demo host page, as built for the benchmark',
  url: 'http://127.0.0.1',
  icons: [],
}

export function anvilNetwork(rpcUrl: string) {
  return {
    id: demoChainId,
    name: 'Anvil',
    nativeCurrency: { name: 'Test Ether', symbol: 'tETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  } as const
}
