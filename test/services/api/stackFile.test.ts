import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate, openDatabase, ProjectStore, projectMigrations } from '../../../services/api/index.js'
import { ACTIONS_PROJECT_ID } from '../../../services/stack/demoProject.js'
import {
  ensureDemoProject,
  pageOrigins,
  type RunningStack,
  type StackConfig,
  stackConfig,
  startStack,
} from '../../../services/stack/index.js'
import { freeStackPorts } from '../../support/ports.js'

const dataDir = mkdtempSync(join(tmpdir(), 'pairwise-stackfile-'))
const stackFile = join(dataDir, 'run', 'stack.json')
let stack: RunningStack | undefined
afterAll(async () => {
  await stack?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('the demo project', () => {
  it("is created with the demo's settings and brought back to them, origins replaced, on the next start", async () => {
    const db = await openDatabase(join(dataDir, 'unit.sqlite'))
    try {
      await migrate(db, [projectMigrations])
      await ensureDemoProject(db, pageOrigins('http://127.0.0.1:5173'))
      const store = new ProjectStore(db)
      await store.update('pairwise-demo', { features: { email: true, activity: false } })
      await ensureDemoProject(db, pageOrigins('http://127.0.0.1:6000'))
      const project = await store.get('pairwise-demo')
      expect(project?.allowedOrigins).toEqual(['http://127.0.0.1:6000', 'http://localhost:6000'])
      expect(project?.features).toEqual({
        email: false,
        socials: false,
        swaps: false,
        onramp: false,
        activity: true,
        reownBranding: true,
        multiWallet: true,
      })
    } finally {
      await db.close()
    }
  })
})

describe('npm start with the api', () => {
  let ports: StackConfig['ports']
  let file: {
    chain: { url: string; chainId: number }
    relay: { url: string }
    api: { url: string; adminToken: string }
    projectId: string
    auth: { url: string }
    mail: { url: string; smtp: string }
    farcaster: { relayUrl: string; clientPage: string }
    pages: { demo: string; siwx: string; embedded: string; multichain: string; actions: string }
    contracts: Record<string, string>
  }

  beforeAll(async () => {
    const config = stackConfig(
      { PAIRWISE_STACK_FILE: stackFile },
      {
        dataDir,
        ports: await freeStackPorts(),
      },
    )
    ports = config.ports
    stack = await startStack(config)
    file = JSON.parse(readFileSync(stackFile, 'utf8'))
  }, 60_000)

  it('writes the stack file, owner-only, with every part that exists and its admin token', async () => {
    expect(statSync(stackFile).mode & 0o777).toBe(0o600)
    const api = stack?.urls.find((u) => u.part === 'api')
    const demo = stack?.urls.find((u) => u.part === 'demo')
    expect(file).toEqual({
      chain: { url: stack?.chain.rpcUrl, chainId: 31337 },
      relay: { url: stack?.relay.url },
      api: { url: api?.url, adminToken: expect.stringMatching(/^\S{16,}$/) },
      projectId: 'pairwise-demo',
      auth: { url: `http://localhost:${ports.frame}` },
      idp: {
        url: `http://127.0.0.1:${ports.idp}`,
        providers: Object.fromEntries(
          ['google', 'apple', 'github', 'facebook', 'x', 'discord'].map((provider) => [
            provider,
            { issuer: `http://127.0.0.1:${ports.idp}`, clientId: `${provider}-client` },
          ]),
        ),
      },
      mail: { url: `http://127.0.0.1:${ports.mail}`, smtp: `smtp://127.0.0.1:${ports.smtp}` },
      farcaster: {
        relayUrl: `http://127.0.0.1:${ports.farcaster}`,
        clientPage: `http://127.0.0.1:${ports.farcaster}/client`,
      },
      pages: {
        demo: `${demo?.url}/`,
        siwx: `${demo?.url}/siwx/`,
        embedded: `${demo?.url}/embedded/`,
        multichain: `${demo?.url}/multichain/`,
        actions: `${demo?.url}/actions/`,
      },
      contracts: { ...stack?.fixtures, ...stack?.names, ...stack?.dex },
      solana: {
        url: `http://127.0.0.1:${ports.solana}`,
        wsUrl: `ws://127.0.0.1:${ports.solana + 1}`,
        genesisHash: stack?.solana.genesisHash,
        caipNetworkId: stack?.solana.caipNetworkId,
        testUsdMint: stack?.solana.testUsdMint,
        devnet: {
          url: `http://127.0.0.1:${ports.solanaDevnet}`,
          wsUrl: `ws://127.0.0.1:${ports.solanaDevnet + 1}`,
          genesisHash: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
          caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
          testUsdMint: stack?.solanaDevnet.testUsdMint,
        },
      },
      bitcoin: {
        url: `http://127.0.0.1:${ports.bitcoin}`,
        caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
      },
      bundler: { url: `http://127.0.0.1:${ports.bundler}`, name: 'alto' },
    })
    expect(api?.detail).toContain(`${file.api.url}/admin`)
    const listed = await fetch(`${file.api.url}/v1/admin/projects`, {
      headers: { authorization: `Bearer ${file.api.adminToken}` },
    })
    expect(listed.status).toBe(200)
  })

  it("names ERC-4337's EntryPoint, SimpleAccountFactory and Simple7702Account at their canonical addresses, each with code on the stack's chain", async () => {
    const { entryPoint, simpleAccountFactory, simple7702Account } = file.contracts
    expect({ entryPoint, simpleAccountFactory, simple7702Account }).toEqual({
      entryPoint: '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
      simpleAccountFactory: '0x13E9ed32155810FDbd067D4522C492D6f68E5944',
      simple7702Account: '0xe6Cae83BdE06E4c305530e199D7217f42808555B',
    })
    for (const address of [entryPoint, simpleAccountFactory, simple7702Account]) {
      const answer = await fetch(file.chain.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getCode', params: [address, 'latest'] }),
      })
      expect(((await answer.json()) as { result: string }).result.length).toBeGreaterThan(2)
    }
  })

  it("serves the local DEX's swap tokens (tETH, tUSDC, tDAI) with the stack file's uniswapRouter to the project with swaps on", async () => {
    // The demo project has swaps off (403 FEATURE_DISABLED); the account-actions project has them on.
    const answer = await fetch(
      `${file.api.url}/v1/swap/tokens?chainId=eip155:31337&projectId=${ACTIONS_PROJECT_ID}`,
      { headers: { origin: new URL(file.pages.demo).origin } },
    )
    const body = (await answer.json()) as { tokens: { symbol: string }[]; router: string; weth: string }
    expect(body.tokens.map((token) => token.symbol)).toEqual(['tETH', 'tUSDC', 'tDAI'])
    expect([body.router, body.weth]).toEqual([file.contracts.uniswapRouter, file.contracts.weth])
  })

  it("serves the demo project to the demo page's origin only, and tells the page where the api is", async () => {
    const demoOrigin = new URL(file.pages.demo).origin
    const config = await fetch(`${file.api.url}/v1/project/config?projectId=${file.projectId}`, {
      headers: { origin: demoOrigin },
    })
    expect(config.status).toBe(200)
    expect(config.headers.get('access-control-allow-origin')).toBe(demoOrigin)
    expect(await config.json()).toMatchObject({
      features: { email: false, socials: false, swaps: false, onramp: false, activity: true },
    })
    const elsewhere = await fetch(`${file.api.url}/v1/project/config?projectId=${file.projectId}`, {
      headers: { origin: 'http://127.0.0.1:1' },
    })
    expect(elsewhere.status).toBe(403)
    for (const url of [file.pages.demo, file.pages.siwx]) {
      const page = await (await fetch(url)).text()
      expect(page).toContain(`"apiUrl":"${file.api.url}"`)
    }
    const signInPage = await (await fetch(file.pages.siwx)).text()
    expect(signInPage).toContain('<title>Pairwise sign-in example</title>')
  })

  it('names the auth service on another site than the pages (the loopback twin), the inbox and the embedded page', async () => {
    expect(new URL(file.auth.url).hostname).toBe('localhost')
    expect(new URL(file.pages.demo).hostname).toBe('127.0.0.1')
    const frame = await fetch(`${file.auth.url}/frame?projectId=pairwise-embedded&version=1`)
    expect(frame.status).toBe(200)
    expect(frame.headers.get('content-security-policy')).toContain(
      `frame-ancestors ${new URL(file.pages.demo).origin}`,
    )
    expect(await (await fetch(`${file.mail.url}/health`)).json()).toMatchObject({ status: 'ok' })
    expect(await (await fetch(`${file.mail.url}/api/v1/messages`)).json()).toMatchObject({ messages: [] })
    const embedded = await fetch(file.pages.embedded)
    expect(embedded.status).toBe(200)
    expect(await embedded.text()).toContain('"projectId":"pairwise-embedded"')
  })

  it('removes the stack file on stop', async () => {
    await stack?.stop()
    expect(existsSync(stackFile)).toBe(false)
  })
})
