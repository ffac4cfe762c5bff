import { createServer, type Server } from 'node:net'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli, useBundledCli } from '../../support/cli.js'
import { freePort, isPortTaken } from '../../support/ports.js'
import { regtestKey } from '../bitcoin/regtestKeys.js'

const bundled = useBundledCli('bitcoin-cli')
const { dir } = bundled

const stackTrace = /^\s+at /m
const alice = regtestKey('alice')

/** Runs `pairwise bitcoin` until its line, calls `use` with its URL, then stops it with SIGTERM. */
async function whileRunning(args: string[], env: NodeJS.ProcessEnv, use: (url: string) => Promise<void>) {
  const run = runCli(bundled.cli, ['bitcoin', ...args], { ...process.env, ...env })
  try {
    const [, url] = (await run.waitFor(/^bitcoin\s+(http:\/\/\S+)/m, 60_000)) as RegExpMatchArray
    await use(url as string)
  } finally {
    run.child.kill('SIGTERM')
  }
  expect(await run.exited).toBe(0)
  expect(run.output()).toContain('Stopped.')
  return run.output()
}

describe('pairwise bitcoin', () => {
  it('serves the chain on --port with its file in --data-dir, keeps it across a restart, and stops on SIGTERM', async () => {
    const port = await freePort()
    const dataDir = join(dir, 'flags')
    let txid = ''
    const output = await whileRunning(['--port', String(port), '--data-dir', dataDir], {}, async (url) => {
      expect(url).toBe(`http://127.0.0.1:${port}`)
      expect((await fetch(`${url}/health`)).status).toBe(200)
      const paid = await fetch(`${url}/regtest/faucet`, {
        method: 'POST',
        body: JSON.stringify({ address: alice.p2wpkh.address, sats: 50_000 }),
      })
      ;({ txid } = (await paid.json()) as { txid: string })
    })
    expect(output).toContain(join(dataDir, 'bitcoin', 'regtest.json'))
    expect(output).toContain('a block every 10 s')
    expect(await isPortTaken(port)).toBe(false)
    await whileRunning(
      ['--data-dir', dataDir, '--mine-every', '0'],
      { PAIRWISE_BITCOIN_PORT: String(port) },
      async (url) => {
        expect(url).toBe(`http://127.0.0.1:${port}`)
        const utxos = (await (await fetch(`${url}/api/address/${alice.p2wpkh.address}/utxo`)).json()) as {
          txid: string
        }[]
        expect(utxos.map((utxo) => utxo.txid)).toEqual([txid])
      },
    )
  }, 120_000)

  it('takes its port from PAIRWISE_BITCOIN_PORT, its data dir from PAIRWISE_DATA_DIR and its proxies from PAIRWISE_TRUST_PROXY', async () => {
    const port = await freePort()
    const dataDir = join(dir, 'env')
    const output = await whileRunning(
      [],
      {
        PAIRWISE_BITCOIN_PORT: String(port),
        PAIRWISE_DATA_DIR: dataDir,
        PAIRWISE_TRUST_PROXY: '10.0.0.0/8 ::1',
      },
      async (url) => {
        expect(url).toBe(`http://127.0.0.1:${port}`)
      },
    )
    expect(output).toContain(join(dataDir, 'bitcoin', 'regtest.json'))
  }, 60_000)

  it('refuses a bad flag, port, timer, proxy range and a taken port in one line, exit 1, no stack trace', async () => {
    const taken = await freePort()
    const blocker: Server = createServer()
    await new Promise<void>((resolve) => blocker.listen(taken, '127.0.0.1', resolve))
    try {
      const cases: [string[], RegExp][] = [
        [['--colour', 'blue'], /^pairwise bitcoin: Unknown option '--colour'/m],
        [
          ['--port', 'eighty'],
          /^pairwise bitcoin: --port must be a port number from 1 to 65535, got 'eighty'$/m,
        ],
        [
          ['--mine-every', '1.5'],
          /^pairwise bitcoin: --mine-every must be whole seconds from 0 to 999999, got '1\.5'$/m,
        ],
        [
          ['--trust-proxy', '10.1.0.0/33'],
          /^pairwise bitcoin: --trust-proxy: '10\.1\.0\.0\/33' is not an IP address or CIDR range/m,
        ],
        [
          ['--port', String(taken)],
          new RegExp(
            `The bitcoin port 127\\.0\\.0\\.1:${taken} is already in use.* another port with --port\\.$`,
            'm',
          ),
        ],
      ]
      const runs = cases.map(([args]) =>
        runCli(bundled.cli, ['bitcoin', '--data-dir', join(dir, 'refused'), ...args]),
      )
      for (const [index, [args, message]] of cases.entries()) {
        const run = runs[index] as ReturnType<typeof runCli>
        expect(await run.exited, args.join(' ')).toBe(1)
        expect(run.output(), args.join(' ')).toMatch(message)
        expect(run.output()).not.toMatch(stackTrace)
      }
    } finally {
      blocker.close()
    }
  }, 120_000)
})
