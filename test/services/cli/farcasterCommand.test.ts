import { statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ChainFixture, startChainFixture } from '../../support/chain.js'
import { runCli, useBundledCli } from '../../support/cli.js'
import { freePort, isPortTaken } from '../../support/ports.js'

const bundled = useBundledCli('farcaster-cli')
let chain: ChainFixture
beforeAll(async () => {
  chain = await startChainFixture()
}, 120_000)
afterAll(async () => {
  await chain?.stop()
})

describe('pairwise farcaster', () => {
  it('serves the relay and its test client page as the fid it was given, its custody key kept in the data dir, and stops on SIGTERM', async () => {
    const port = await freePort()
    const dataDir = join(bundled.dir, 'data')
    const run = runCli(
      bundled.cli,
      ['farcaster', '--port', String(port), '--chain-rpc', chain.rpcUrl, '--fid', '42'],
      {
        ...process.env,
        PAIRWISE_DATA_DIR: dataDir,
      },
    )
    try {
      await run.waitFor(
        new RegExp(`farcaster client\\s+http://127\\.0\\.0\\.1:${port}/client .*fid 42`),
        60_000,
      )
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200)
      const page = await fetch(`http://127.0.0.1:${port}/client`)
      expect(await page.text()).toContain('data-testid="farcaster-client-fid">42<')
      const opened = await fetch(`http://127.0.0.1:${port}/v1/channel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ siweUri: 'https://wallet.example/', domain: 'wallet.example' }),
      })
      expect(opened.status).toBe(201)
      expect(statSync(join(dataDir, 'farcaster-custody.key')).mode & 0o777).toBe(0o600)
      expect(statSync(dataDir).mode & 0o777).toBe(0o700)
    } finally {
      run.child.kill('SIGTERM')
    }
    expect(await run.exited).toBe(0)
    expect(await isPortTaken(port)).toBe(false)
  }, 90_000)

  it('refuses bad flags in one line, exit 1, without listening', async () => {
    const port = await freePort()
    for (const [flags, message] of [
      [['--chain-rpc', 'ftp://x'], /^pairwise farcaster: --chain-rpc must be an http\(s\) URL/m],
      [['--fid', 'abc'], /^pairwise farcaster: --fid must be a Farcaster id from 1 to \d+, got 'abc'$/m],
      [['--port', 'eighty'], /^pairwise farcaster: --port must be a port number/m],
    ] as const) {
      const run = runCli(bundled.cli, ['farcaster', '--port', String(port), ...flags], {
        ...process.env,
        PAIRWISE_DATA_DIR: join(bundled.dir, 'refused'),
      })
      expect(await run.exited, flags.join(' ')).toBe(1)
      expect(run.output()).toMatch(message)
    }
    expect(await isPortTaken(port)).toBe(false)
  }, 60_000)
})
