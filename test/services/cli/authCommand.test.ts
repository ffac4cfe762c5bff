import { spawnSync } from 'node:child_process'
import { existsSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { migrate, openDatabase, ProjectStore, projectMigrations } from '../../../services/api/index.js'
import { frameDistDir, frameRoutes } from '../../../services/frame/index.js'
import { atMost, type CliRun, packageRoot, runCli, runCliToExit, useBundledCli } from '../../support/cli.js'
import { freePort, freePortRuns, isPortTaken } from '../../support/ports.js'
import { processesMatching } from '../../support/processes.js'

const bundled = useBundledCli('auth-cli')
const { dir } = bundled
const database = join(dir, 'api.sqlite')
const chainsFile = join(dir, 'chains.json')
const hostPage = 'http://127.0.0.1:5173'
const tUsd = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

beforeAll(async () => {
  // The test asks for the frame page, so it must be built (the build is skipped when nothing changed).
  if (!existsSync(join(frameDistDir(), 'index.html'))) {
    const build = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "(await import('./scripts/lib/bootstrap.mjs')).ensureBuilt()"],
      { cwd: packageRoot, encoding: 'utf8' },
    )
    if (build.status !== 0) throw new Error(`the build failed:\n${build.stdout}${build.stderr}`)
  }
  const db = await openDatabase(database)
  await migrate(db, [projectMigrations])
  await new ProjectStore(db).create({
    id: 'shop',
    name: 'Shop',
    allowedOrigins: [hostPage],
    features: { email: true },
  })
  await db.close()
  writeFileSync(
    chainsFile,
    JSON.stringify([
      {
        chainId: 31337,
        name: 'Anvil',
        rpcUrl: 'http://127.0.0.1:8545',
        nativeCurrency: { name: 'Test Ether', symbol: 'tETH', decimals: 18 },
        tokens: [
          { address: tUsd, name: 'Test USD', symbol: 'tUSD', decimals: 6 },
          { address: '0x0000000000000000000000000000000000000abc', usdPrice: 1 },
        ],
      },
    ]),
  )
}, 300_000)

const stackTrace = /^\s+at /m

describe('pairwise auth', () => {
  it("serves the auth routes and a project's secure frame with the chains file's chains (and the tokens it names for asset discovery), and stops on SIGTERM", async () => {
    const port = await freePort()
    const kekFile = join(dir, 'keys', 'auth.kek')
    const env = { ...process.env }
    delete env.PAIRWISE_AUTH_KEK
    const run = runCli(
      bundled.cli,
      [
        'auth',
        '--port',
        String(port),
        '--database',
        database,
        '--kek-file',
        kekFile,
        '--chains',
        chainsFile,
        '--public-url',
        `http://localhost:${port}/`,
        '--smtp',
        'smtp://user:secret@127.0.0.1:1',
      ],
      env,
    )
    try {
      await run.waitFor(
        new RegExp(`auth\\s+http://localhost:${port} .*mails via smtp://127\\.0\\.0\\.1:1\\)`),
      )
      expect(run.output()).not.toContain('secret')
      expect(statSync(kekFile).mode & 0o777).toBe(0o600)

      const page = await fetch(`http://localhost:${port}/frame?projectId=shop&version=1`)
      expect(page.status).toBe(200)
      const csp = page.headers.get('content-security-policy') ?? ''
      expect(csp).toContain(`frame-ancestors ${hostPage}`)
      expect(csp).toContain("connect-src 'self' http://127.0.0.1:8545")
      const html = await page.text()
      expect(html).toContain('"name":"Anvil","rpcUrl":"http://127.0.0.1:8545"')
      expect(html).toContain('"projectName":"Shop"')
      // Only a token the file gives a name, symbol and decimals is one the frame lists (wallet_getAssets).
      expect(html).toContain(
        `"tokens":[{"address":"${tUsd}","name":"Test USD","symbol":"tUSD","decimals":6}]`,
      )

      const unknown = await fetch(`http://localhost:${port}/frame?projectId=nope&version=1`)
      expect(unknown.status).toBe(404)
      const start = await fetch(`http://localhost:${port}/auth/v1/email/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      expect(start.status).toBeGreaterThanOrEqual(400)
      expect(start.status).toBeLessThan(500)
      expect(await start.json()).toHaveProperty('code')
    } finally {
      run.child.kill('SIGTERM')
    }
    expect(await run.exited).toBe(0)
    expect(run.output()).toContain('Stopped.')
    expect(await isPortTaken(port)).toBe(false)
  }, 30_000)

  it('mails through PAIRWISE_SMTP_URL when --smtp is not given, its password on no command line and in no output', async () => {
    const port = await freePort()
    const password = `smtp-secret-${port}`
    const run = runCli(
      bundled.cli,
      ['auth', '--port', String(port), '--database', database, '--kek-file', join(dir, 'k-smtp')],
      { ...process.env, PAIRWISE_SMTP_URL: `smtps://mailer:${password}@127.0.0.1:1` },
    )
    try {
      await run.waitFor(/mails via smtps:\/\/127\.0\.0\.1:1\)/)
      expect(run.output()).not.toContain(password)
      expect(processesMatching(password)).toEqual([])
    } finally {
      run.child.kill('SIGTERM')
    }
    expect(await run.exited).toBe(0)
  }, 30_000)

  it('refuses bad flags and settings in one line, exit 1, no stack trace, without listening', async () => {
    const base = ['auth', '--database', database, '--kek-file', join(dir, 'k2')]
    const badChains = join(dir, 'bad-chains.json')
    writeFileSync(badChains, JSON.stringify([{ chainId: 1, rpcUrl: 'ftp://x', nativeCurrency: {} }]))
    const cases: [string[], NodeJS.ProcessEnv, RegExp][] = [
      [['--colour', 'blue'], {}, /^pairwise auth: Unknown option '--colour'/m],
      [
        ['--port', 'eighty'],
        {},
        /^pairwise auth: --port must be a port number from 1 to 65535, got 'eighty'$/m,
      ],
      [['--public-url', 'javascript:alert(1)'], {}, /--public-url must be an http\(s\) URL/],
      [
        ['--smtp', 'http://127.0.0.1:25'],
        {},
        /^pairwise auth: --smtp: Invalid SMTP URL: use smtp:\/\/ or smtps:\/\//m,
      ],
      [['--chains', badChains], {}, /^pairwise auth: --chains: 0\.rpcUrl: /m],
      [['--chains', join(dir, 'missing.json')], {}, /--chains: cannot read/],
      [[], { PAIRWISE_AUTH_KEK: 'c2hvcnQ' }, /PAIRWISE_AUTH_KEK: the auth key must be 32 bytes/],
      [
        [],
        { PAIRWISE_SMTP_URL: 'http://127.0.0.1:25' },
        /^pairwise auth: PAIRWISE_SMTP_URL: Invalid SMTP URL: use smtp:\/\/ or smtps:\/\//m,
      ],
      [
        ['--farcaster-relay', 'https://relay.farcaster.xyz'],
        {},
        /^pairwise auth: --farcaster-relay needs --optimism-rpc$/m,
      ],
      [
        ['--optimism-rpc', 'https://optimism.example'],
        {},
        /--optimism-rpc and --farcaster-domain go with --farcaster-relay/,
      ],
      [
        ['--farcaster-relay', 'ftp://relay.example', '--optimism-rpc', 'https://optimism.example'],
        {},
        /^pairwise auth: --farcaster-relay: /m,
      ],
      [
        [
          '--farcaster-relay',
          'https://relay.farcaster.xyz',
          '--optimism-rpc',
          'https://optimism.example',
          '--farcaster-domain',
          'a b',
        ],
        {},
        /^pairwise auth: --farcaster-domain: /m,
      ],
    ]
    // A port each: a start that gets as far as checking its port binds it a moment, and a few run at once.
    const ports = await freePortRuns(cases.map(() => 1))
    const [fromEnv, ...runs] = await atMost(3, [
      () =>
        runCliToExit(bundled.cli, ['auth', '--database', database], {
          ...process.env,
          PAIRWISE_FRAME_PORT: 'x',
        }),
      ...cases.map(
        ([flags, env], index) =>
          () =>
            runCliToExit(bundled.cli, [...base, '--port', String(ports[index]), ...flags], {
              ...process.env,
              ...env,
            }),
      ),
    ])
    for (const [index, [flags, , message]] of cases.entries()) {
      const run = runs[index] as CliRun
      expect(await run.exited, flags.join(' ')).toBe(1)
      expect(run.output(), flags.join(' ')).toMatch(message)
      expect(run.output()).not.toMatch(stackTrace)
    }
    expect(await fromEnv?.exited).toBe(1)
    expect(fromEnv?.output()).toMatch(/Invalid PAIRWISE_FRAME_PORT/)
    for (const port of ports) expect(await isPortTaken(port)).toBe(false)
    expect(existsSync(join(dir, 'k2')), 'no key made by a refused start').toBe(false)
    // Twelve CLI starts, three at a time, each loading the auth command's modules: seconds apiece on a busy
    // machine.
  }, 180_000)
})

describe('the frame page before a build', () => {
  it('answers 503 with a message naming the build, not a server error', async () => {
    const routes = frameRoutes({
      projects: {
        lookUp: async () => ({
          id: 'shop',
          name: 'Shop',
          allowedOrigins: [hostPage],
          basic: false,
          features: {
            email: true,
            socials: false,
            swaps: false,
            onramp: false,
            activity: true,
            reownBranding: true,
            multiWallet: true,
          },
          rateLimitPerMinute: 60,
          smartAccountNetworks: [],
          createdAt: 0,
          updatedAt: 0,
        }),
      },
      clientOf: () => 'a client',
      chains: [],
      distDir: join(dir, 'never-built'),
      frameVersion: '0.0.0',
    })
    const answer = await routes.request('/frame?projectId=shop&version=1')
    expect(answer.status).toBe(503)
    expect(await answer.json()).toEqual({
      code: 'UNAVAILABLE',
      message: 'Service Unavailable: the frame page is not built (run npm run build)',
    })
  })
})
