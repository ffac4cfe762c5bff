import { join } from 'node:path'
import { privateKeyToAccount } from 'viem/accounts'
import { localApiChain, localSolanaApiChain } from '../api/chains/index.js'
import { type RunningApi, startApi } from '../api/index.js'
import { gatewaySignerKey } from '../api/names/index.js'
import { ProjectStore } from '../api/projects/index.js'
import { type AuthLimits, startAuth } from '../auth/index.js'
import { DEFAULT_MINE_EVERY_MS, type LocalBitcoin, startBitcoinChain } from '../bitcoin/index.js'
import {
  type DexContracts,
  deployDex,
  deployFixtures,
  deployNames,
  devPrivateKeys,
  type Fixtures,
  type LocalChain,
  type NameContracts,
  startChain,
  testUsdcToken,
  testUsdToken,
} from '../chain/index.js'
import { demoDistDir, examplePageDir, serveDemo } from '../demo/index.js'
import { frameRoutes } from '../frame/index.js'
import { type RunningMail, smtpMailer, startMail } from '../mail/index.js'
import { loopbackTwin } from '../net/loopbackTwin.js'
import { isPortTaken, PortInUseError } from '../net/ports.js'
import { consoleLogger, privateDir, type RunningRelay, startRelay } from '../relay/index.js'
import { DEVNET_GENESIS_HASH, type LocalSolana, startSolanaChain } from '../solana/index.js'
import { authKek } from './authKey.js'
import { portsOf, type StackConfig, type StackPart, stackPorts } from './config.js'
import {
  ACTIONS_PROJECT_ID,
  DEMO_PROJECT_ID,
  EMBEDDED_PROJECT_ID,
  ensureActionsProject,
  ensureDemoProject,
  ensureEmbeddedProject,
  pageOrigins,
} from './demoProject.js'
import { localSwapChain } from './localSwapChain.js'
import { removeStackFile, type StackFileSolana, writeStackFile } from './stackFile.js'

export type StackUrl = { part: string; url: string; detail?: string }

export type RunningStack = {
  readonly urls: readonly StackUrl[]
  readonly chain: LocalChain
  readonly fixtures: Fixtures
  /** The ENS registry, offchain resolver and universal resolver the names service answers for. */
  readonly names: NameContracts
  /** The local Uniswap V2 (WETH9, factory, Router02) and test DAI, with its seeded pools. */
  readonly dex: DexContracts
  readonly relay: RunningRelay
  readonly api: RunningApi
  /** The auth service's URL (it serves the secure frame at /frame), on its own port: another origin than the pages. */
  readonly authUrl: string
  /** The local SMTP server and inbox (tests read the mailed codes from `mail.inbox`). */
  readonly mail: RunningMail
  /** The local Solana chain (localnet) and the local stand-in for devnet (devnet's genesis hash). */
  readonly solana: LocalSolana
  readonly solanaDevnet: LocalSolana
  /** The local Bitcoin regtest chain (Esplora's API), kept in the data dir. */
  readonly bitcoin: LocalBitcoin
  /** Where the stack file was written; removed on stop. */
  readonly stackFile: string
  /** Stops every part in reverse start order; safe to call more than once. */
  stop(): Promise<void>
}

/** Fails before starting anything when any configured port is already taken. */
async function assertPortsFree(config: StackConfig): Promise<void> {
  for (const [part, port] of Object.entries(config.ports) as [StackPart, number][]) {
    for (const taken of portsOf(part, port))
      if (await isPortTaken(taken, config.host))
        throw new PortInUseError(part, config.host, taken, stackPorts[part].env)
  }
}

/** Starts the whole local stack: the chain with its fixture contracts, then every service that exists. */
export async function startStack(
  config: StackConfig,
  /** Limits of the auth service other than its defaults (services/auth/limits.ts): tests shorten waits. */
  { authLimits }: { authLimits?: Partial<AuthLimits> } = {},
): Promise<RunningStack> {
  await assertPortsFree(config)
  const started: { stop(): Promise<void> }[] = []
  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= (async () => {
      for (const part of started.reverse()) await part.stop()
    })()
    return stopping
  }
  try {
    const chain = await startChain({
      host: config.host,
      port: config.ports.chain,
      portEnv: stackPorts.chain.env,
    })
    started.push(chain)
    const fixtures = await deployFixtures(chain.rpcUrl, chain.chainId)
    // Its own deployer keeps the other contracts' addresses; dev account 1 mints the pools' test USDC.
    const dex = await deployDex({
      rpcUrl: chain.rpcUrl,
      chainId: chain.chainId,
      testUsdc: fixtures.testUsdc,
      testUsdcMinterKey: devPrivateKeys[1],
    })
    const solana = await startSolanaChain({
      host: config.host,
      port: config.ports.solana,
      portEnv: stackPorts.solana.env,
      trustProxy: config.trustProxy,
    })
    started.push({ stop: () => solana.close() })
    const solanaDevnet = await startSolanaChain({
      host: config.host,
      port: config.ports.solanaDevnet,
      genesisHash: DEVNET_GENESIS_HASH,
      portEnv: stackPorts.solanaDevnet.env,
      trustProxy: config.trustProxy,
    })
    started.push({ stop: () => solanaDevnet.close() })
    // Logins, emails, recovery blobs and mailboxes: no other local user may list or read them.
    privateDir(config.dataDir)
    const bitcoin = await startBitcoinChain({
      host: config.host,
      port: config.ports.bitcoin,
      dataDir: config.dataDir,
      mineEveryMs: DEFAULT_MINE_EVERY_MS,
      portEnv: stackPorts.bitcoin.env,
      trustProxy: config.trustProxy,
    })
    started.push({ stop: () => bitcoin.close() })
    const mailbox = join(config.dataDir, 'relay.sqlite')
    const relay = await startRelay({
      host: config.host,
      port: config.ports.relay,
      store: `sqlite:${mailbox}`,
      logger: consoleLogger('warn'),
      trustProxy: config.trustProxy,
    })
    started.push({ stop: () => relay.close() })
    const database = join(config.dataDir, 'api.sqlite')
    const namesSignerKey = gatewaySignerKey(join(config.dataDir, 'names-gateway.key'))
    const api = await startApi({
      host: config.host,
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
          deliveryKey: devPrivateKeys[1],
        },
      },
      swap: { chains: [localSwapChain(chain.chainId, fixtures, dex)] },
      chains: [
        localApiChain({ rpcUrl: chain.rpcUrl, testUsd: fixtures.testUsd, chainId: chain.chainId }),
        ...[solana, solanaDevnet].map((cluster) =>
          localSolanaApiChain({
            rpcUrl: cluster.rpcUrl,
            genesisHash: cluster.genesisHash,
            testUsdMint: cluster.testUsdMint,
          }),
        ),
      ],
    })
    started.push({ stop: () => api.close() })
    // After the api listens, so the resolver is deployed with the gateway URL the api really serves.
    const names = await deployNames({
      rpcUrl: chain.rpcUrl,
      chainId: chain.chainId,
      gatewayUrl: `${api.url}/ccip/{sender}/{data}.json`,
      signers: [privateKeyToAccount(namesSignerKey).address],
    })
    const mail = await startMail({
      host: config.host,
      smtpPort: config.ports.smtp,
      httpPort: config.ports.mail,
      logger: consoleLogger('warn'),
    })
    started.push({ stop: () => mail.close() })
    const mailer = smtpMailer(mail.smtpUrl, { from: 'Pairwise <login@pairwise.localhost>' })
    started.push({ stop: async () => mailer.close() })
    // Another site than the pages on purpose (the loopback twin of their host), as a wallet operator's
    // domain is to an app's: the browser isolates the frame in a process of its own, and its storage is
    // partitioned by the page's site.
    const authUrl = `http://${loopbackTwin(config.host) ?? config.host}:${config.ports.frame}`
    const auth = await startAuth({
      host: config.host,
      port: config.ports.frame,
      db: api.db,
      mailer,
      kek: authKek(process.env, join(config.dataDir, 'auth.kek')),
      publicUrl: authUrl,
      logger: consoleLogger('warn'),
      trustProxy: config.trustProxy,
      ...(authLimits ? { limits: authLimits } : {}),
      routes: frameRoutes({
        projects: new ProjectStore(api.db),
        chains: [
          {
            chainId: chain.chainId,
            name: 'Anvil',
            rpcUrl: chain.rpcUrl,
            nativeCurrency: { symbol: 'tETH', decimals: 18 },
            tokens: [
              { address: fixtures.testUsd, ...testUsdToken },
              { address: fixtures.testUsdc, ...testUsdcToken },
            ],
            // No bundler runs locally yet, so the local chain is not a smart account network.
            smartAccount: {
              entryPoint: fixtures.entryPoint,
              simpleAccountFactory: fixtures.simpleAccountFactory,
            },
          },
        ],
      }),
    })
    started.push({ stop: () => auth.close() })
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
          },
        },
      },
      host: config.host,
      port: config.ports.demo,
      config: {
        networks: [
          {
            id: chain.chainId,
            name: 'Anvil',
            rpcUrl: chain.rpcUrl,
            ensUniversalResolver: names.universalResolver,
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
    started.push({ stop: () => demo.close() })
    await ensureDemoProject(api.db, pageOrigins(demo.url))
    await ensureEmbeddedProject(api.db, pageOrigins(demo.url))
    await ensureActionsProject(api.db, pageOrigins(demo.url))
    const urls: StackUrl[] = [
      {
        part: 'chain',
        url: chain.rpcUrl,
        detail: `Anvil, chain ${chain.chainId}, tETH; tUSD at ${fixtures.testUsd}`,
      },
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
      {
        part: 'bitcoin',
        url: bitcoin.url,
        detail: `local Bitcoin regtest chain ${bitcoin.caipNetworkId}, Esplora API ${bitcoin.url}/api, faucet POST /regtest/faucet; ${bitcoin.file}`,
      },
      { part: 'relay', url: relay.url, detail: `WalletConnect v2 relay; mailbox ${mailbox}; GET /health` },
      {
        part: 'api',
        url: api.url,
        detail: `projects, balances, activity and NFTs, RPC proxy /v1, analytics, wallets; admin ${api.url}/admin, token ${api.adminToken}; ${database}`,
      },
      {
        part: 'demo',
        url: demo.url,
        detail: `the demo host page with the wallet modal; project ${DEMO_PROJECT_ID}`,
      },
      { part: 'siwx', url: `${demo.url}/siwx/`, detail: 'sign in with a wallet against the api' },
      {
        part: 'embedded',
        url: `${demo.url}/embedded/`,
        detail: `log in by email into the secure frame; project ${EMBEDDED_PROJECT_ID}`,
      },
      {
        part: 'multichain',
        url: `${demo.url}/multichain/`,
        detail: 'EVM and Solana wallets in one modal, on the local chains',
      },
      {
        part: 'actions',
        url: `${demo.url}/actions/`,
        detail: `send, receive, buy and names in the account view; project ${ACTIONS_PROJECT_ID}`,
      },
      {
        part: 'auth',
        url: authUrl,
        detail: 'email codes, sessions, wallet shares; the secure frame at /frame',
      },
      { part: 'mail', url: mail.url, detail: `the local inbox (Mailpit API /api/v1); SMTP ${mail.smtpUrl}` },
    ]
    await allAnswer([
      `${relay.url.replace(/^ws/, 'http')}/health`,
      `${api.url}/health`,
      `${demo.url}/`,
      `${demo.url}/siwx/`,
      `${demo.url}/embedded/`,
      `${demo.url}/multichain/`,
      `${demo.url}/actions/`,
      `${mail.url}/health`,
      `${solana.rpcUrl}/health`,
      `${solanaDevnet.rpcUrl}/health`,
      `${bitcoin.url}/ready`,
      `${authUrl}/frame?projectId=${EMBEDDED_PROJECT_ID}&version=1`,
    ])
    writeStackFile(config.stackFile, {
      chain: { url: chain.rpcUrl, chainId: chain.chainId },
      relay: { url: relay.url },
      api: { url: api.url, adminToken: api.adminToken },
      projectId: DEMO_PROJECT_ID,
      auth: { url: authUrl },
      mail: { url: mail.url, smtp: mail.smtpUrl },
      pages: {
        demo: `${demo.url}/`,
        siwx: `${demo.url}/siwx/`,
        embedded: `${demo.url}/embedded/`,
        multichain: `${demo.url}/multichain/`,
        actions: `${demo.url}/actions/`,
      },
      contracts: { ...fixtures, ...names, ...dex },
      solana: { ...solanaStackEntry(solana), devnet: solanaStackEntry(solanaDevnet) },
      bitcoin: { url: bitcoin.url, caipNetworkId: bitcoin.caipNetworkId },
    })
    started.push({ stop: async () => removeStackFile(config.stackFile) })
    return {
      urls,
      chain,
      fixtures,
      names,
      dex,
      relay,
      api,
      authUrl,
      mail,
      solana,
      solanaDevnet,
      bitcoin,
      stackFile: config.stackFile,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

function solanaPageNetwork(chain: LocalSolana) {
  return { genesisHash: chain.genesisHash, rpcUrl: chain.rpcUrl, testUsdMint: chain.testUsdMint }
}

function solanaStackEntry(chain: LocalSolana): StackFileSolana {
  return {
    url: chain.rpcUrl,
    wsUrl: chain.wsUrl,
    genesisHash: chain.genesisHash,
    caipNetworkId: chain.caipNetworkId,
    testUsdMint: chain.testUsdMint,
  }
}

/** Resolves once every URL answers 2xx; the stack file promises a stack that does. */
async function allAnswer(urls: string[]): Promise<void> {
  for (const url of urls) {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) })
    await response.body?.cancel()
    if (!response.ok) throw new Error(`${url} answered ${response.status} at start`)
  }
}
