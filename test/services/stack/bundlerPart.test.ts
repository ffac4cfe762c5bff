import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { altoEntry, listenOnHostModule } from '../../../services/chain/index.js'
import { noTrustedProxies } from '../../../services/kit/trustProxy.js'
import { bundlerPart } from '../../../services/stack/parts/bundlerPart.js'
import { type ChainFixture, startChainFixture } from '../../support/chain.js'
import { freePort, isPortTaken } from '../../support/ports.js'

/** Whether a TCP connection to `host:port` is accepted. */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })

/** Resolves once `url` answers 2xx, asking every 200 ms for up to a minute. */
async function answering(url: string) {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    const response = await fetch(url).catch(() => undefined)
    if (response?.ok) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${url} never answered`)
}

let chain: ChainFixture
let dataDir: string
beforeAll(async () => {
  chain = await startChainFixture()
  dataDir = mkdtempSync(join(tmpdir(), 'pairwise-bundler-'))
})
afterAll(async () => {
  await chain?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

/** The part started on `port` as the stack starts it; `stop` stops what it started, as the stack would. */
async function startOn(port: number) {
  const stops: (() => Promise<void> | void)[] = []
  const started = await bundlerPart.start({
    chain,
    fixtures: chain.fixtures,
    config: {
      hosts: { bundler: '127.0.0.1' },
      dataDir,
      trustProxy: noTrustedProxies,
      ports: { bundler: port },
    },
    options: {},
    onStop: (stop) => stops.push(stop),
  })
  return {
    started,
    stop: async () => {
      for (const stop of stops.reverse()) await stop()
    },
  }
}

describe('the local bundler part', () => {
  it('finds alto’s CLI in this repository, and nothing (so the stack runs without a bundler) where it is not installed', () => {
    expect(altoEntry()).toMatch(/@pimlico\/alto\/.*cli\/alto\.js$/)
    const notInstalled = (id: string): string => {
      throw Object.assign(new Error(`Cannot find module '${id}'`), { code: 'MODULE_NOT_FOUND' })
    }
    expect(altoEntry(notInstalled)).toBeUndefined()
  })

  it('a server that asks for 0.0.0.0 under the listen module listens on the given host instead', async () => {
    const script = `const s = require('node:http').createServer(); s.listen({ port: 0, host: '0.0.0.0' }, () => { console.log(s.address().address); s.close() })`
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--import',
      listenOnHostModule('127.0.0.1'),
      '-e',
      script,
    ])
    expect(stdout.trim()).toBe('127.0.0.1')
  })

  it('runs alto on the stack’s host only, serving the local EntryPoint v0.8, and stops it with the stack', async () => {
    const port = await freePort()
    const { started, stop } = await startOn(port)
    try {
      const url = `http://127.0.0.1:${port}`
      expect(started.gives.bundlerUrl).toBe(url)
      expect(started.stackFile).toEqual({ bundler: { url, name: 'alto' } })
      // The part does not wait for alto to load; the stack waits for its ready URL, as here.
      expect(started.ready).toEqual([`${url}/health`])
      await answering(`${url}/health`)
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }),
      })
      expect(((await response.json()) as { result: string[] }).result.map((a) => a.toLowerCase())).toEqual([
        chain.fixtures.entryPoint.toLowerCase(),
      ])
      // alto asks for 0.0.0.0; on loopback only, another loopback address (Linux routes all of 127/8
      // to lo) finds nothing listening there.
      expect(await accepts('127.0.0.1', port)).toBe(true)
      if (process.platform === 'linux') expect(await accepts('127.0.0.2', port)).toBe(false)
    } finally {
      await stop()
    }
    expect(await isPortTaken(port)).toBe(false)
    // Had alto ended before answering, the stack would have failed at once with this reason.
    expect(await started.ended).toMatch(/^alto exited with \S+; the end of .*bundler\.log:/)
  }, 120_000)

  it('a port taken while alto loads ends the part, and the reason the stack fails with has alto’s exit and the end of its log', async () => {
    const port = await freePort()
    const { started, stop } = await startOn(port)
    const squatter = createServer()
    try {
      await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve))
      // Its log says EADDRINUSE when alto's logging worker flushed before it exited, which it need not.
      expect(await started.ended).toMatch(/^alto exited with \d+; the end of .*bundler\.log:\n/)
    } finally {
      squatter.close()
      await stop()
    }
  }, 120_000)

  it('a bundler on a taken port is refused before alto starts, naming PAIRWISE_BUNDLER_PORT', async () => {
    await expect(startOn(chain.port)).rejects.toThrow('PAIRWISE_BUNDLER_PORT')
  })
})
