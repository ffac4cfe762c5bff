import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import { expect, test } from '@playwright/test'
import { decodeJwtPayload } from '../../crypto/index.js'
import { verifyRoutes } from '../../services/api/verify/index.js'
import { appWith, verifyRouteDeps } from '../services/api/support/routeHarness.js'
import { bundleForBrowser } from '../support/bundle.js'

type WithVerify = {
  verify: {
    register(hashes: { id: string; decryptedId: string }): Promise<string | undefined>
    claim(origin: string, ms: number): Promise<unknown[]>
  }
}

const servers: Server[] = []
let api: string
let dappPage: string
let evilPage: string

async function listen(server: Server): Promise<string> {
  servers.push(server)
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

test.beforeAll(async () => {
  const script = await bundleForBrowser(fileURLToPath(new URL('./pages/verifyFrame.ts', import.meta.url)))
  const html = `<!doctype html><html lang="en"><head><link rel="icon" href="data:,"><script type="module">${script}</script></head><body></body></html>`
  const page = () =>
    createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(html))
  api = await listen(
    createServer(getRequestListener(appWith(verifyRoutes(await verifyRouteDeps({ now: Date.now() }))).fetch)),
  )
  // Two pages on two origins of loopback (another port is another origin).
  dappPage = await listen(page())
  evilPage = await listen(page())
})

test.afterAll(async () => {
  for (const server of servers) await new Promise((done) => server.close(done))
})

const lookup = async (hash: string) => (await fetch(`${api}/attestation/${hash}?v2Supported=true`)).status

test('the engine’s verify frame registers a page’s message under that page’s origin, in a real browser', async ({
  page,
}) => {
  await page.goto(`${dappPage}/?api=${encodeURIComponent(api)}`)
  await page.waitForFunction(() => 'verify' in window)
  const hashes = { id: 'c'.repeat(64), decryptedId: 'd'.repeat(64) }
  const attestation = await page.evaluate((h) => (window as unknown as WithVerify).verify.register(h), hashes)
  expect(decodeJwtPayload(attestation ?? '')).toMatchObject({ id: hashes.id, origin: dappPage })
  expect(await (await fetch(`${api}/attestation/${hashes.decryptedId}`)).json()).toEqual({
    origin: dappPage,
    isScam: false,
  })
})

test('a page that frames the verify frame named for another origin hears nothing: the browser refuses to render it', async ({
  page,
}) => {
  await page.goto(`${evilPage}/?api=${encodeURIComponent(api)}`)
  await page.waitForFunction(() => 'verify' in window)
  const heard = await page.evaluate(
    (origin) => (window as unknown as WithVerify).verify.claim(origin, 1_500),
    dappPage,
  )
  expect(heard).toEqual([])
  expect(await lookup('b'.repeat(64))).toBe(404)
  // Named for its own origin, the same frame answers it: the refusal above is the origin check.
  const own = await page.evaluate(
    (origin) => (window as unknown as WithVerify).verify.claim(origin, 1_500),
    evilPage,
  )
  expect(own).toContainEqual({ type: 'pairwise_verify_ready' })
  await expect.poll(() => lookup('b'.repeat(64))).toBe(200)
})
