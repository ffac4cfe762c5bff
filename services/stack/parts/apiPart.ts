import { join } from 'node:path'
import type { RunningApi } from '../../api/index.js'
import { adminTokenOf, shownAdminToken } from '../../cli/adminToken.js'
import { defineStackPart } from '../stackPart.js'
import { localBundlerName } from './bundlerPart.js'

/**
 * The api's line of the banner. The api takes `PAIRWISE_API_ADMIN_TOKEN` when it is set, and that token,
 * the operator's, stays out of the banner as `pairwise api` keeps it out of its own.
 */
export function apiDetail(
  api: Pick<RunningApi, 'url' | 'adminToken'>,
  database: string,
  env: NodeJS.ProcessEnv,
): string {
  const token = shownAdminToken(adminTokenOf({}, env), api.adminToken)
  return `projects, balances, activity and NFTs, RPC proxy /v1, analytics, wallets; admin ${api.url}/admin, token ${token}; ${database}`
}

/**
 * The api on SQLite, serving the local chains, its onramp sandbox and swaps; then the names contracts,
 * deployed with the gateway URL the api really serves.
 */
export const apiPart = defineStackPart({
  name: 'api',
  ports: { api: { env: 'PAIRWISE_API_PORT', default: 8788, width: 1 } },
  needs: ['chain', 'fixtures', 'dex', 'bundlerUrl', 'solana', 'solanaDevnet', 'bitcoin'],
  command: {
    name: 'api',
    summary:
      'start only the api service (projects, balances, activity and NFTs, RPC proxy, analytics, wallet registry) on SQLite or PostgreSQL',
  },
  async start({ config, onStop, chain, fixtures, dex, bundlerUrl, solana, solanaDevnet, bitcoin }) {
    const [
      { localApiChain, localBitcoinApiChain, localSolanaApiChain },
      { startApi },
      { gatewaySignerKey },
      chainKit,
    ] = await Promise.all([
      import('../../api/chains/index.js'),
      import('../../api/index.js'),
      import('../../api/names/index.js'),
      import('../../chain/index.js'),
    ])
    const { consoleLogger } = await import('../../relay/index.js')
    const { privateKeyToAccount } = await import('viem/accounts')
    const { localSwapChain } = await import('../localSwapChain.js')
    const database = join(config.dataDir, 'api.sqlite')
    const namesSignerKey = gatewaySignerKey(join(config.dataDir, 'names-gateway.key'))
    const api = await startApi({
      host: config.hosts.api,
      port: config.ports.api,
      database,
      logger: consoleLogger('warn'),
      trustProxy: config.trustProxy,
      names: { signerKey: namesSignerKey },
      // The onramp sandbox delivers from dev account 1, the test USDC's minter.
      onramp: {
        sandbox: {
          chainId: chain.chainId,
          rpcUrl: chain.rpcUrl,
          testUsdc: fixtures.testUsdc,
          deliveryKey: chainKit.devPrivateKeys[1],
        },
      },
      swap: { chains: [localSwapChain(chain.chainId, fixtures, dex)] },
      // Sign-in with a Bitcoin wallet on the local regtest chain (BIP-322 or BIP-137, verified by the api).
      siwx: { chains: [bitcoin.caipNetworkId] },
      chains: [
        {
          ...localApiChain({ rpcUrl: chain.rpcUrl, testUsd: fixtures.testUsd, chainId: chain.chainId }),
          // The bundler path (`/v1/bundler?bundler=alto`) forwards the local chain's to the local bundler.
          bundlers: bundlerUrl ? { [localBundlerName]: bundlerUrl } : {},
        },
        ...[solana, solanaDevnet].map((cluster) =>
          localSolanaApiChain({
            rpcUrl: cluster.rpcUrl,
            genesisHash: cluster.genesisHash,
            testUsdMint: cluster.testUsdMint,
          }),
        ),
        localBitcoinApiChain({ url: bitcoin.url, genesisHash: bitcoin.genesisHash }),
      ],
    })
    onStop(() => api.close())
    const names = await chainKit.deployNames({
      rpcUrl: chain.rpcUrl,
      chainId: chain.chainId,
      gatewayUrl: `${api.url}/ccip/{sender}/{data}.json`,
      signers: [privateKeyToAccount(namesSignerKey).address],
    })
    return {
      gives: { api, names },
      urls: [
        {
          part: 'api',
          url: api.url,
          detail: apiDetail(api, database, process.env),
        },
      ],
      ready: [`${api.url}/health`],
      stackFile: { api: { url: api.url, adminToken: api.adminToken }, contracts: { ...names } },
    }
  },
})
