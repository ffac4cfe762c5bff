import type { SolanaApiChainConfig } from './solanaApiChain.js'

/**
 * A local Solana chain (services/solana) as the api serves it: SOL and the fixture mint (6 decimals on
 * the chain), both priced at 1 USD as the local EVM chain's coins are.
 */
export function localSolanaApiChain({
  rpcUrl,
  genesisHash,
  testUsdMint,
}: {
  rpcUrl: string
  genesisHash: string
  testUsdMint: string
}): SolanaApiChainConfig {
  return {
    genesisHash,
    rpcUrl,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', usdPrice: 1 },
    tokens: [{ mint: testUsdMint, name: 'Test USD', symbol: 'tUSD', usdPrice: 1 }],
  }
}
