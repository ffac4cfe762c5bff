import type { Page } from '@playwright/test'
import { testWalletInfo } from '../../support/browserWallet.js'
import { connectTestWallet, expect, test } from './fixtures.js'

const laterViewsChunk = /\/assets\/laterViews-[^/]+\.js$/

/**
 * Runs in the page before its scripts: the first frame after each trusted click (the frame that paints
 * what the click did), and whether a loading spinner was ever added to the modal, in any open shadow root.
 */
function watchFramesAndSpinners() {
  const record = { framesAfterClicks: [] as number[], spinnerSeen: false }
  Object.defineProperty(window, '__laterViews', { value: record })
  window.addEventListener(
    'click',
    (event) => {
      if (event.isTrusted) requestAnimationFrame((time) => record.framesAfterClicks.push(time))
    },
    true,
  )
  const observed = new WeakSet<Node>()
  const observe = (root: Document | ShadowRoot) => {
    if (observed.has(root)) return
    observed.add(root)
    new MutationObserver(() => {
      if (root.querySelector('.spinner')) record.spinnerSeen = true
      for (const element of root.querySelectorAll('*')) if (element.shadowRoot) observe(element.shadowRoot)
    }).observe(root, { subtree: true, childList: true })
  }
  observe(document)
}

type Record = { framesAfterClicks: number[]; spinnerSeen: boolean; chunkFetchedAt: number | undefined }
const recordOf = (page: Page): Promise<Record> =>
  page.evaluate(() => {
    const record = (window as unknown as { __laterViews: Omit<Record, 'chunkFetchedAt'> }).__laterViews
    const fetches = performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/laterViews-[^/]+\.js$/.test(entry.name))
    return { ...record, chunkFetchedAt: fetches[0]?.startTime }
  })

test('the later views’ chunk: a closed modal with no connection leaves it; opening fetches it once the open modal has painted, and All Wallets then shows with no spinner', async ({
  page,
  stack,
  wallet: _wallet,
}) => {
  let requested = 0
  await page.route(laterViewsChunk, (route) => {
    requested++
    return route.continue()
  })
  await page.addInitScript(watchFramesAndSpinners)
  await page.goto(stack.demoUrl)
  const button = page.getByRole('button', { name: 'Connect Wallet' })
  await expect(button).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(requested).toBe(0)

  await button.click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('button', { name: new RegExp(testWalletInfo.name) })).toBeVisible()
  await expect.poll(async () => (await recordOf(page)).chunkFetchedAt).toBeDefined()
  const opened = await recordOf(page)
  expect(opened.chunkFetchedAt).toBeGreaterThan(opened.framesAfterClicks[0] as number)

  await dialog.getByTestId('all-wallets').click()
  await expect(dialog.getByTestId('all-wallets-list')).toBeVisible()
  expect((await recordOf(page)).spinnerSeen).toBe(false)
})

test('a reconnect with the modal closed fetches the chunk, so the Account view opens with no spinner', async ({
  page,
  stack,
  wallet,
}) => {
  await connectTestWallet(page, stack.demoUrl, wallet.address)
  await page.addInitScript(watchFramesAndSpinners)
  await page.reload()
  await expect(page.getByTestId('demo-address')).toHaveText(wallet.address)
  await expect.poll(async () => (await recordOf(page)).chunkFetchedAt).toBeDefined()
  await page.getByTestId('account-button').click()
  await expect(page.getByRole('dialog', { name: 'Account' }).getByTestId('account-address')).toBeVisible()
  expect((await recordOf(page)).spinnerSeen).toBe(false)
})
