/**
 * CONST-26: the chains the embedded wallet is offered on, as CAIP-2 ids. The spec names Ethereum, Optimism,
 * Arbitrum, Polygon, Base, BSC, Avalanche and three Solana networks and leaves the rest open; we add the
 * testnets an app is built against (Sepolia and Base Sepolia), Gnosis and zkSync, and the local chain
 * (31337), which the self-hosted stack runs. The frame still signs only on the chains its operator gave it.
 */
export const embeddedWalletChains: readonly string[] = [
  'eip155:1',
  'eip155:10',
  'eip155:56',
  'eip155:100',
  'eip155:137',
  'eip155:324',
  'eip155:8453',
  'eip155:42161',
  'eip155:43114',
  'eip155:84532',
  'eip155:11155111',
  'eip155:31337',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
]
