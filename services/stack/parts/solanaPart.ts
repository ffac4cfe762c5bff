import type { LocalSolana } from '../../solana/index.js'
import type { StackFileSolana } from '../stackFile.js'
import { defineStackPart } from '../stackPart.js'

const ports = {
  solana: { env: 'PAIRWISE_SOLANA_PORT', default: 8899, width: 2 },
  solanaDevnet: { env: 'PAIRWISE_SOLANA_DEVNET_PORT', default: 8901, width: 2 },
} as const

/** The local Solana chain and the local stand-in for devnet; each one's PubSub is its port + 1. */
export const solanaPart = defineStackPart({
  name: 'solana',
  ports,
  needs: [],
  command: {
    name: 'solana',
    summary:
      'start only the local Solana chain (litesvm behind JSON-RPC and PubSub) with the test keys and Test USD',
  },
  async start({ config, onStop }) {
    const { DEVNET_GENESIS_HASH, startSolanaChain } = await import('../../solana/index.js')
    const solana = await startSolanaChain({
      host: config.hosts.solana,
      port: config.ports.solana,
      portEnv: ports.solana.env,
      trustProxy: config.trustProxy,
    })
    onStop(() => solana.close())
    const solanaDevnet = await startSolanaChain({
      host: config.hosts.solanaDevnet,
      port: config.ports.solanaDevnet,
      genesisHash: DEVNET_GENESIS_HASH,
      portEnv: ports.solanaDevnet.env,
      trustProxy: config.trustProxy,
    })
    onStop(() => solanaDevnet.close())
    return {
      gives: { solana, solanaDevnet },
      urls: [
        {
          part: 'solana',
          url: solana.rpcUrl,
          detail: `local Solana chain ${solana.caipNetworkId}, PubSub ${solana.wsUrl}; tUSD mint ${solana.testUsdMint}`,
        },
        {
          part: 'solanaDevnet',
          url: solanaDevnet.rpcUrl,
          detail: `local stand-in for Solana devnet ${solanaDevnet.caipNetworkId}, PubSub ${solanaDevnet.wsUrl}`,
        },
      ],
      ready: [`${solana.rpcUrl}/health`, `${solanaDevnet.rpcUrl}/health`],
      stackFile: { solana: { ...solanaStackEntry(solana), devnet: solanaStackEntry(solanaDevnet) } },
    }
  },
})

function solanaStackEntry(chain: LocalSolana): StackFileSolana {
  return {
    url: chain.rpcUrl,
    wsUrl: chain.wsUrl,
    genesisHash: chain.genesisHash,
    caipNetworkId: chain.caipNetworkId,
    testUsdMint: chain.testUsdMint,
  }
}
