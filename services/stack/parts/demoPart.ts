import type { LocalSolana } from '../../solana/index.js'
import { defineStackPart } from '../stackPart.js'

/** The demo host page and the example pages, each wired to the local services, and their projects. */
export const demoPart = defineStackPart({
  name: 'demo',
  ports: { demo: { env: 'PAIRWISE_DEMO_PORT', default: 5173, width: 1 } },
  needs: ['chain', 'fixtures', 'names', 'relay', 'api', 'authUrl', 'solana', 'solanaDevnet', 'bitcoin'],
  async start({
    config,
    onStop,
    chain,
    fixtures,
    names,
    relay,
    api,
    authUrl,
    solana,
    solanaDevnet,
    bitcoin,
  }) {
    const { demoDistDir, examplePageDir, serveDemo } = await import('../../demo/index.js')
    const {
      ACTIONS_PROJECT_ID,
      DEMO_PROJECT_ID,
      EMBEDDED_PROJECT_ID,
      ensureActionsProject,
      ensureDemoProject,
      ensureEmbeddedProject,
      pageOrigins,
    } = await import('../demoProject.js')
    const demo = await serveDemo({
      dir: demoDistDir(),
      pages: {
        siwx: examplePageDir('siwx'),
        embedded: { dir: examplePageDir('embedded'), config: { projectId: EMBEDDED_PROJECT_ID } },
        actions: { dir: examplePageDir('actions'), config: { projectId: ACTIONS_PROJECT_ID } },
        multichain: {
          dir: examplePageDir('multichain'),
          config: {
            solanaNetworks: [
              { ...solanaPageNetwork(solana), name: 'Solana Local' },
              { ...solanaPageNetwork(solanaDevnet), name: 'Solana Devnet (local)' },
            ],
            bitcoinNetworks: [
              { chain: 'regtest', name: 'Bitcoin Regtest (local)', esploraUrl: `${bitcoin.url}/api` },
            ],
          },
        },
      },
      host: config.hosts.demo,
      port: config.ports.demo,
      config: {
        networks: [
          {
            id: chain.chainId,
            name: 'Anvil',
            rpcUrl: chain.rpcUrl,
            ensUniversalResolver: names.universalResolver,
            testUsd: fixtures.testUsd,
          },
        ],
        relayUrl: relay.url,
        projectId: DEMO_PROJECT_ID,
        apiUrl: api.url,
        walletRegistryUrl: `${api.url}/v1/wallets`,
        verifyUrl: api.url,
        authUrl,
      },
    })
    onStop(() => demo.close())
    const origins = pageOrigins(demo.url)
    await ensureDemoProject(api.db, origins)
    await ensureEmbeddedProject(api.db, origins, chain.chainId)
    await ensureActionsProject(api.db, origins, chain.chainId)
    const pages = {
      demo: `${demo.url}/`,
      siwx: `${demo.url}/siwx/`,
      embedded: `${demo.url}/embedded/`,
      multichain: `${demo.url}/multichain/`,
      actions: `${demo.url}/actions/`,
    }
    return {
      gives: { demo },
      urls: [
        {
          part: 'demo',
          url: demo.url,
          detail: `the demo host page with the wallet modal; project ${DEMO_PROJECT_ID}`,
        },
        { part: 'siwx', url: pages.siwx, detail: 'sign in with a wallet against the api' },
        {
          part: 'embedded',
          url: pages.embedded,
          detail: `log in by email or a social provider into the secure frame; project ${EMBEDDED_PROJECT_ID}`,
        },
        {
          part: 'multichain',
          url: pages.multichain,
          detail: 'EVM, Solana and Bitcoin wallets in one modal, on the local chains',
        },
        {
          part: 'actions',
          url: pages.actions,
          detail: `send, receive, buy and names in the account view; project ${ACTIONS_PROJECT_ID}`,
        },
      ],
      ready: [...Object.values(pages), `${authUrl}/frame?projectId=${EMBEDDED_PROJECT_ID}&version=1`],
      stackFile: { projectId: DEMO_PROJECT_ID, pages },
    }
  },
})

function solanaPageNetwork(chain: LocalSolana) {
  return { genesisHash: chain.genesisHash, rpcUrl: chain.rpcUrl, testUsdMint: chain.testUsdMint }
}
