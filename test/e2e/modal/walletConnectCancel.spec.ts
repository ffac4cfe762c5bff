import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { expect, type Page, test } from '@playwright/test'
import { type RunningRelay, silentLogger, startRelay } from '../../../services/relay/index.js'
import { bundleForBrowser } from '../../support/bundle.js'

type PageState = {
  status: string
  proposals: string[]
  pairings: string[]
  connects: ('pending' | 'cancelled')[]
  events: string[]
}
type WithWc = {
  wc: {
    open(): Promise<void>
    openUri(uri: string): Promise<void>
    state(): PageState
    expire(): Promise<void>
    wagmiConnect(): Promise<string>
    wagmiStatus(): string | undefined
    failConnect(): Promise<void>
  }
}

let pageServer: Server
let pageUrl: string
let relay: RunningRelay

test.beforeAll(async () => {
  let script: string
  ;[script, relay] = await Promise.all([
    bundleForBrowser(fileURLToPath(new URL('./pages/walletConnectCancel.tsx', import.meta.url))),
    startRelay({ port: 0, store: 'memory', logger: silentLogger }),
  ])
  // Served from loopback: Chromium lets only a local page open a socket to the loopback relay.
  const html = `<!doctype html><html lang="en"><head><link rel="icon" href="data:,"><script type="module">${script}</script></head><body></body></html>`
  pageServer = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end(html),
  )
  await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve))
  pageUrl = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}/?relay=${encodeURIComponent(relay.url)}`
})

test.afterAll(async () => {
  await new Promise((resolve) => pageServer?.close(resolve))
  await relay?.close()
})

const state = (page: Page) => page.evaluate(() => (window as unknown as WithWc).wc.state())
const topicOf = (uri: string) => uri.slice('wc:'.length, uri.indexOf('@'))

/** Opens the modal, picks WalletConnect and returns the URI its QR shows once the proposal is out. */
async function showQr(page: Page): Promise<string> {
  await page.evaluate(() => (window as unknown as WithWc).wc.open())
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: /WalletConnect/ }).click()
  await expect(dialog.getByRole('img', { name: 'Scan this QR code with your phone' })).toBeVisible()
  const uri = (await dialog.getByTestId('wc-uri').textContent()) ?? ''
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  return uri
}

test.beforeEach(async ({ page }) => {
  await page.goto(pageUrl)
  await page.waitForFunction(() => 'wc' in window)
})

test('in StrictMode the QR view keeps its one pairing; closing the modal withdraws it at once, without an error, and reopening shows a fresh QR', async ({
  page,
}) => {
  const first = await showQr(page)
  expect(await state(page)).toMatchObject({
    status: 'connecting',
    proposals: [topicOf(first)],
    connects: ['pending'],
  })

  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect.poll(async () => (await state(page)).proposals).toEqual([])
  const closed = await state(page)
  expect(closed).toMatchObject({ status: 'disconnected', connects: ['cancelled'] })
  expect(closed.pairings).not.toContain(topicOf(first))
  expect(closed.events).not.toContain('CONNECT_ERROR')

  const second = await showQr(page)
  expect(second).not.toBe(first)
  expect(await state(page)).toMatchObject({
    status: 'connecting',
    proposals: [topicOf(second)],
    connects: ['cancelled', 'pending'],
  })
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveCount(0)
})

test('going back from the QR view withdraws the pairing; choosing WalletConnect again shows a fresh QR', async ({
  page,
}) => {
  const first = await showQr(page)
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Back' }).click()
  await expect(dialog.getByTestId('wc-uri')).toHaveCount(0)
  await expect.poll(async () => (await state(page)).proposals).toEqual([])
  expect(await state(page)).toMatchObject({ status: 'disconnected', connects: ['cancelled'] })
  await expect(dialog.getByRole('alert')).toHaveCount(0)

  await dialog.getByRole('button', { name: /WalletConnect/ }).click()
  await expect(dialog.getByTestId('wc-uri')).not.toHaveText(first)
  const second = (await dialog.getByTestId('wc-uri').textContent()) ?? ''
  expect(second).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  expect((await state(page)).proposals).toEqual([topicOf(second)])
})

test('while the QR view stays, a URI re-issued after the proposal expires replaces the QR', async ({
  page,
}) => {
  const first = await showQr(page)
  const dialog = page.getByRole('dialog')
  const qr = dialog.getByRole('img', { name: 'Scan this QR code with your phone' })
  const firstQr = await qr.innerHTML()

  await page.evaluate(() => (window as unknown as WithWc).wc.expire())
  await expect(dialog.getByTestId('wc-uri')).not.toHaveText(first)
  const second = (await dialog.getByTestId('wc-uri').textContent()) ?? ''
  expect(second).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  expect(await qr.innerHTML()).not.toBe(firstQr)
  expect(await state(page)).toMatchObject({
    status: 'connecting',
    proposals: [topicOf(second)],
    connects: ['pending'],
  })
  await expect(dialog.getByRole('alert')).toHaveCount(0)
})

test("a WalletConnect connect started from wagmi shows its QR in the modal; closing withdraws it and fails wagmi's connect as a refusal", async ({
  page,
}) => {
  await page.goto(`${pageUrl}&wagmi`)
  await page.waitForFunction(() => 'wc' in window)
  const outcome = page.evaluate(() => (window as unknown as WithWc).wc.wagmiConnect())
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('img', { name: 'Scan this QR code with your phone' })).toBeVisible()
  const uri = (await dialog.getByTestId('wc-uri').textContent()) ?? ''
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  expect(await state(page)).toMatchObject({ proposals: [topicOf(uri)], connects: ['pending'] })

  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  expect(await outcome).toBe('UserRejectedRequestError')
  await expect.poll(async () => (await state(page)).proposals).toEqual([])
  const closed = await state(page)
  expect(closed).toMatchObject({ status: 'disconnected', connects: ['cancelled'] })
  expect(closed.events).not.toContain('CONNECT_ERROR')
})

test('a connect started from wagmi while the modal shows its own QR joins that pairing: one proposal, and closing fails both', async ({
  page,
}) => {
  await page.goto(`${pageUrl}&wagmi`)
  await page.waitForFunction(() => 'wc' in window)
  const own = await showQr(page)
  const outcome = page.evaluate(() => (window as unknown as WithWc).wc.wagmiConnect())
  const dialog = page.getByRole('dialog')
  // wagmi's connect has reached the bridge once wagmi reports it connecting.
  await page.waitForFunction(() => (window as unknown as WithWc).wc.wagmiStatus() === 'connecting')
  await expect(dialog.getByTestId('wc-uri')).toHaveText(own)
  expect(await state(page)).toMatchObject({ proposals: [topicOf(own)], connects: ['pending'] })

  await dialog.getByRole('button', { name: 'Close' }).click()
  expect(await outcome).toBe('UserRejectedRequestError')
  await expect.poll(async () => (await state(page)).proposals).toEqual([])
  expect(await state(page)).toMatchObject({ status: 'disconnected', connects: ['cancelled'] })
})

test('a connect started from wagmi after the last one failed on the QR view shows its own QR, not the old error', async ({
  page,
}) => {
  await page.goto(`${pageUrl}&wagmi`)
  await page.waitForFunction(() => 'wc' in window)
  const first = page.evaluate(() => (window as unknown as WithWc).wc.wagmiConnect())
  const dialog = page.getByRole('dialog')
  const firstUri = (await dialog.getByTestId('wc-uri').textContent()) ?? ''
  await page.evaluate(() => (window as unknown as WithWc).wc.failConnect())
  expect(await first).toBe('UserRejectedRequestError')
  await expect(dialog.getByRole('alert')).toHaveText(/User rejected the request/)

  const second = page.evaluate(() => (window as unknown as WithWc).wc.wagmiConnect())
  await expect(dialog.getByTestId('wc-uri')).not.toHaveText(firstUri)
  await expect(dialog.getByRole('img', { name: 'Scan this QR code with your phone' })).toBeVisible()
  await expect(dialog.getByRole('alert')).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Close' }).click()
  expect(await second).toBe('UserRejectedRequestError')
})

test("open({ uri }) shows the app's own pairing URI as the QR code and pairs nothing itself; a fresh URI replaces it in place", async ({
  page,
}) => {
  await page.goto(pageUrl)
  const uris = ['a', 'c'].map(
    (digit) => `wc:${digit.repeat(64)}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}`,
  )
  const dialog = page.getByRole('dialog')
  for (const uri of uris) {
    await page.evaluate((shown) => (window as unknown as WithWc).wc.openUri(shown), uri)
    await expect(dialog.getByRole('img', { name: 'Scan this QR code with your phone' })).toBeVisible()
    await expect(dialog.getByTestId('wc-uri')).toHaveText(uri)
  }
  expect(await state(page)).toMatchObject({ proposals: [], pairings: [], connects: [] })
})
