import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import type { KeyValueStorage } from '../../storage/index.js'
import { bundleForBrowser } from '../support/bundle.js'
import { openScriptPage, waitForGlobal } from '../support/scriptPage.js'

let script: string

test.beforeAll(async () => {
  script = await bundleForBrowser(fileURLToPath(new URL('./pages/idb-storage.ts', import.meta.url)))
})

test.beforeEach(({ page }) => openScriptPage(page, script, 'storage'))

type WithStorage = { storage: KeyValueStorage }

test('IdbStorage keeps values in IndexedDB across a reload', async ({ page }) => {
  await page.evaluate(async () => {
    const { storage } = window as unknown as WithStorage
    await storage.setItem('wc@2:client:0.3:session', [{ topic: 'abc', expiry: 1 }])
    await storage.setItem('wc@2:core:0.3:keychain', [{ tag: 't', key: 'k' }])
    await storage.removeItem('never-there')
  })
  await page.reload()
  await waitForGlobal(page, 'storage')
  const read = await page.evaluate(async () => {
    const { storage } = window as unknown as WithStorage
    return {
      keys: (await storage.getKeys()).sort(),
      session: await storage.getItem('wc@2:client:0.3:session'),
      entries: (await storage.getEntries()).length,
    }
  })
  expect(read).toEqual({
    keys: ['wc@2:client:0.3:session', 'wc@2:core:0.3:keychain'],
    session: [{ topic: 'abc', expiry: 1 }],
    entries: 2,
  })
  await page.evaluate(() => (window as unknown as WithStorage).storage.removeItem('wc@2:core:0.3:keychain'))
  expect(await page.evaluate(() => (window as unknown as WithStorage).storage.getKeys())).toEqual([
    'wc@2:client:0.3:session',
  ])
})

test('IdbStorage refuses a value JSON cannot hold', async ({ page }) => {
  const message = await page.evaluate(() =>
    (window as unknown as WithStorage).storage.setItem('k', { f: () => 1, n: 1n }).then(
      () => 'stored',
      (error: Error) => error.message,
    ),
  )
  expect(message).toMatch(/not JSON-serialisable/)
})
