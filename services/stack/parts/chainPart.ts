import { defineStackPart } from '../stackPart.js'

const ports = { chain: { env: 'PAIRWISE_CHAIN_PORT', default: 8545, width: 1 } } as const

/** Anvil with the fixture contracts, the ERC-4337 contracts and the local Uniswap V2 with its pools. */
export const chainPart = defineStackPart({
  name: 'chain',
  ports,
  needs: [],
  command: {
    name: 'chain',
    summary: 'start only the local chain (Anvil, chain 31337) with the fixture contracts',
  },
  async start({ config, onStop }) {
    const { deployDex, deployFixtures, devPrivateKeys, startChain } = await import('../../chain/index.js')
    const chain = await startChain({
      host: config.hosts.chain,
      port: config.ports.chain,
      portEnv: ports.chain.env,
    })
    onStop(() => chain.stop())
    const fixtures = await deployFixtures(chain.rpcUrl, chain.chainId)
    // Its own deployer keeps the other contracts' addresses; dev account 1 mints the pools' test USDC.
    const dex = await deployDex({
      rpcUrl: chain.rpcUrl,
      chainId: chain.chainId,
      testUsdc: fixtures.testUsdc,
      testUsdcMinterKey: devPrivateKeys[1],
    })
    return {
      gives: { chain, fixtures, dex },
      urls: [
        {
          part: 'chain',
          url: chain.rpcUrl,
          detail: `Anvil, chain ${chain.chainId}, tETH; tUSD at ${fixtures.testUsd}`,
        },
      ],
      ready: [],
      stackFile: {
        chain: { url: chain.rpcUrl, chainId: chain.chainId },
        contracts: { ...fixtures, ...dex },
      },
    }
  },
})
