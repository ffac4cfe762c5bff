import type { Page } from '@playwright/test'

/** A *.localhost origin is a secure context (WebCrypto, IndexedDB) and never leaves the browser. */
const origin = 'http://pairwise.localhost'

/** Waits until the page's script has put `name` on window: it has run, on a first load or a reload. */
export const waitForGlobal = (page: Page, name: string) =>
  page.waitForFunction((global) => global in window, name)

/**
 * Opens a page that runs `script` (a bundled module, see bundleForBrowser) and waits for it to put `name` on
 * window. Playwright answers for the page's origin, so no server is needed.
 */
export async function openScriptPage(page: Page, script: string, name: string): Promise<void> {
  await page.route(`${origin}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><link rel="icon" href="data:,"><script type="module">${script}</script></head><body></body></html>`,
    }),
  )
  await page.goto(`${origin}/`)
  await waitForGlobal(page, name)
}
