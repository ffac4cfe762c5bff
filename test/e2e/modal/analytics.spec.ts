import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { type SplitPage, serveSplitPage } from '../../support/splitPage.js'
import { expect, test } from './fixtures.js'

type SentEvent = { type: 'pageview' | 'event'; name: string; path: string }
type WithKit = { kit: { open(): Promise<void>; close(): Promise<void> } }

/**
 * What a page sends to and loads for analytics: every event posted to an ingest route (fetch or
 * beacon), and every script whose code holds the ingest route (the analytics chunk; no other code names
 * it).
 */
function watchAnalytics(page: Page) {
  const sent: SentEvent[] = []
  const posts: string[] = []
  const scripts: string[] = []
  page.on('request', (request) => {
    if (!request.url().includes('/v1/analytics/')) return
    posts.push(request.url())
    const body = JSON.parse(request.postData() ?? '{}') as { events?: SentEvent[] }
    sent.push(...(body.events ?? []))
  })
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return
    const code = await response.text().catch(() => '')
    if (code.includes('/v1/analytics/events')) scripts.push(response.url())
  })
  return {
    posts,
    scripts,
    pageViews: () => sent.filter((e) => e.type === 'pageview').map((e) => e.path),
    events: () => sent.filter((e) => e.type === 'event').map((e) => e.name),
  }
}

/** Page views the api stored for the demo project today, read from the admin stats route. */
async function storedViews(apiUrl: string, adminToken: string): Promise<number> {
  const response = await fetch(`${apiUrl}/v1/analytics/stats?projectId=pairwise-demo&days=1`, {
    headers: { authorization: `Bearer ${adminToken}` },
  })
  const stats = (await response.json()) as { views: { count: number }[] }
  return stats.views.reduce((n, d) => n + d.count, 0)
}

test('DEMO-11 with analytics on, the demo loads the analytics chunk once and posts one page view per route opened, and the modal’s events', async ({
  page,
  stack,
}) => {
  const before = await storedViews(stack.api.url, stack.api.adminToken)
  const traffic = watchAnalytics(page)
  await page.goto(stack.demoUrl)
  await expect.poll(traffic.pageViews, { timeout: 10_000 }).toEqual(['/'])

  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  await page.keyboard.press('Escape')
  await page.evaluate(() => {
    history.pushState(null, '', '/tokens')
    // Same route, other query: not a new page view.
    history.replaceState(null, '', '/tokens?tab=1')
    history.pushState(null, '', '/activity')
  })
  await page.goBack()
  await expect.poll(traffic.pageViews, { timeout: 10_000 }).toEqual(['/', '/tokens', '/activity', '/tokens'])
  await expect.poll(traffic.events, { timeout: 10_000 }).toEqual(['MODAL_OPEN', 'MODAL_CLOSE'])
  expect(traffic.scripts).toHaveLength(1)
  await expect.poll(() => storedViews(stack.api.url, stack.api.adminToken)).toBe(before + 4)
})

let site: SplitPage
let pageUrl: string

test.beforeAll(async () => {
  // Split, so a lazily imported module is a file of its own.
  site = await serveSplitPage(fileURLToPath(new URL('./pages/analytics.tsx', import.meta.url)))
  pageUrl = site.url
})

test.afterAll(() => site?.close())

/**
 * Opens the test page, opens and closes the modal, and visits two more routes (one with a new query);
 * `tracking`: first waits until the page watches its routes (the analytics chunk, loaded apart, wraps
 * `history.pushState`), as a visitor's first click comes long after it has.
 */
async function browse(page: Page, query: string, { tracking = false } = {}): Promise<void> {
  await page.goto(`${pageUrl}?${query}`)
  await page.waitForFunction(() => 'kit' in window)
  if (tracking) await page.waitForFunction(() => !history.pushState.toString().includes('[native code]'))
  await page.evaluate(async () => {
    const { kit } = window as unknown as WithKit
    await kit.open()
    await kit.close()
    history.pushState(null, '', '/second')
    history.pushState(null, '', '/third')
    history.replaceState(null, '', '/third?tab=2')
  })
}

test('ROLE-13 with analytics off (an api configured), no analytics chunk is loaded and nothing is posted', async ({
  page,
  stack,
}) => {
  const traffic = watchAnalytics(page)
  await browse(page, `analytics=off&api=${encodeURIComponent(stack.api.url)}`)
  // Longer than the 2 s a batch gathers for.
  await page.waitForTimeout(3_000)
  expect(traffic.scripts).toEqual([])
  expect(traffic.posts).toEqual([])
})

test('the same page with analytics on, in StrictMode, loads the chunk once and counts each route once', async ({
  page,
  stack,
}) => {
  const traffic = watchAnalytics(page)
  await browse(page, `analytics=on&api=${encodeURIComponent(stack.api.url)}`, { tracking: true })
  await expect.poll(traffic.pageViews, { timeout: 10_000 }).toEqual(['/', '/second', '/third'])
  await expect.poll(traffic.events, { timeout: 10_000 }).toEqual(['MODAL_OPEN', 'MODAL_CLOSE'])
  expect(traffic.scripts).toHaveLength(1)
})

test('the api’s analytics page draws the stats as SVG under its CSP, with the admin token kept for the session', async ({
  page,
  stack,
}) => {
  const posted = await fetch(`${stack.api.url}/v1/analytics/events?projectId=pairwise-demo`, {
    method: 'POST',
    body: JSON.stringify({
      events: [
        { type: 'pageview', name: 'pageview', path: '/', at: Date.now() },
        {
          type: 'event',
          name: 'CONNECT_SUCCESS',
          path: '/',
          properties: { name: 'Test Wallet' },
          at: Date.now(),
        },
      ],
    }),
  })
  expect(posted.status).toBe(204)
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  await page.goto(`${stack.api.url}/admin/analytics?projectId=pairwise-demo`)
  await page.getByLabel('Admin token').fill(stack.api.adminToken)
  await page.getByRole('button', { name: 'Show' }).click()
  const views = page.getByRole('img', { name: 'Page views per day' })
  await expect(views.locator('rect[data-count]').last()).toHaveAttribute('data-count', /^[1-9]\d*$/)
  await expect(page.getByRole('img', { name: 'Connections per wallet' })).toContainText('Test Wallet')
  await expect(page.getByRole('img', { name: 'Errors per day' })).toBeVisible()
  expect(await page.evaluate(() => sessionStorage.length)).toBe(1)
  expect(violations).toEqual([])
})
