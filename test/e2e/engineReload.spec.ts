import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { type Hex, verifyMessage } from 'viem'
import { type ExampleWallet, startExampleWallet } from '../../examples/node/exampleWallet.js'
import { type RunningRelay, silentLogger, startRelay } from '../../services/relay/index.js'
import { bundleForBrowser } from '../support/bundle.js'
import { type ChainFixture, startChainFixture } from '../support/chain.js'

let pageServer: Server
let pageUrl: string
let relay: RunningRelay
let chain: ChainFixture
let wallet: ExampleWallet
let proposalsSeen = 0

type Dapp = {
  startup: { topic: string | null }
  connect(chainId: string): Promise<string>
  connected(): Promise<string>
  sign(message: string, address: string): Promise<string>
  state(): Promise<{
    topic: string | null
    pairings: string[]
    proposals: number
    displayedUris: number
    storedKeys: string[]
  }>
}
type WithDapp = { dapp: Dapp }

test.beforeAll(async () => {
  let script: string
  ;[script, relay, chain] = await Promise.all([
    bundleForBrowser(fileURLToPath(new URL('./pages/engineReload.ts', import.meta.url))),
    startRelay({ port: 0, store: 'memory', logger: silentLogger }),
    startChainFixture(),
  ])
  // Served from loopback: Chromium lets only a local page open a socket to the loopback relay.
  const html = `<!doctype html><html lang="en"><head><link rel="icon" href="data:,"><script type="module">${script}</script></head><body></body></html>`
  pageServer = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end(html),
  )
  await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve))
  pageUrl = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}/`
  wallet = await startExampleWallet({ relayUrl: relay.url, rpcUrl: chain.rpcUrl, logger: 'silent' })
  wallet.client.on('session_proposal', () => {
    proposalsSeen += 1
  })
})

test.afterAll(async () => {
  await wallet?.close()
  await new Promise((resolve) => pageServer?.close(resolve))
  await relay?.close()
  await chain?.stop()
})

test('a session made in the browser survives a reload and answers personal_sign without a new pairing', async ({
  page,
}) => {
  test.setTimeout(60_000)
  const ready = () => page.waitForFunction(() => 'dapp' in window)
  await page.goto(`${pageUrl}?relay=${encodeURIComponent(relay.url)}`)
  await ready()
  expect(await page.evaluate(() => (window as unknown as WithDapp).dapp.startup.topic)).toBeNull()

  const uri = await page.evaluate(() => (window as unknown as WithDapp).dapp.connect('eip155:31337'))
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  const walletSession = await wallet.pair(uri)
  const topic = await page.evaluate(() => (window as unknown as WithDapp).dapp.connected())
  expect(topic).toBe(walletSession?.topic)
  const before = await page.evaluate(() => (window as unknown as WithDapp).dapp.state())
  expect(before).toMatchObject({ topic, proposals: 0, displayedUris: 1 })
  expect(before.pairings).toHaveLength(1)
  expect(proposalsSeen).toBe(1)

  await page.reload()
  await ready()
  const after = await page.evaluate(() => (window as unknown as WithDapp).dapp.state())
  expect(await page.evaluate(() => (window as unknown as WithDapp).dapp.startup.topic)).toBe(topic)
  expect(after).toMatchObject({ topic, pairings: before.pairings, proposals: 0, displayedUris: 0 })
  expect(after.storedKeys.some((key) => key.startsWith('wc@2:universal_provider:'))).toBe(true)

  const message = 'signed after a reload'
  const signature = await page.evaluate(
    ({ message, address }) => (window as unknown as WithDapp).dapp.sign(message, address),
    { message, address: wallet.address },
  )
  expect(await verifyMessage({ address: wallet.address, message, signature: signature as Hex })).toBe(true)
  expect(proposalsSeen).toBe(1)
  expect(wallet.client.pairing.keys).toEqual(before.pairings)
  expect(wallet.client.session.keys).toEqual([topic])
  expect(await page.evaluate(() => (window as unknown as WithDapp).dapp.state())).toMatchObject({
    displayedUris: 0,
    pairings: before.pairings,
  })
})
