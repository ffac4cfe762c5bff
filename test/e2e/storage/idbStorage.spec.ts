import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { bundleForBrowser } from '../../support/bundle.js'
import { openScriptPage, waitForGlobal } from '../../support/scriptPage.js'
import type { IdbPage } from '../pages/idbStorageStores.js'

let script: string

test.beforeAll(async () => {
  script = await bundleForBrowser(fileURLToPath(new URL('../pages/idbStorageStores.ts', import.meta.url)))
})

test.beforeEach(({ page }) => openScriptPage(page, script, 'idb'))

type WithIdb = { idb: IdbPage }

test('IdbStorage keeps a second object store in a database that already exists, and two instances on one database each keep their own keys', async ({
  page,
}) => {
  await page.evaluate(async () => {
    const { idb } = window as unknown as WithIdb
    await idb.createForeign('app', 'settings', 'theme', 'dark')
    idb.open('wallet', { database: 'app', objectStore: 'wallet' })
    await idb.set('wallet', 'session', { topic: 'abc' })
  })
  expect(await page.evaluate(() => (window as unknown as WithIdb).idb.get('wallet', 'session'))).toEqual({
    topic: 'abc',
  })

  const interleaved = await page.evaluate(async () => {
    const { idb } = window as unknown as WithIdb
    // Two stores added at once: each upgrade closes the other instances' connections and may lose the race.
    idb.open('modal', { database: 'app', objectStore: 'modal' })
    idb.open('history', { database: 'app', objectStore: 'history' })
    await Promise.all([
      idb.set('modal', 'view', 'connect'),
      idb.set('history', 'last', 'w1'),
      idb.set('wallet', 'pairing', 'p1'),
      idb.set('modal', 'recent', ['w1']),
    ])
    return {
      wallet: await idb.keys('wallet'),
      modal: await idb.keys('modal'),
      history: await idb.keys('history'),
    }
  })
  expect(interleaved).toEqual({
    wallet: ['pairing', 'session'],
    modal: ['recent', 'view'],
    history: ['last'],
  })

  await page.reload()
  await waitForGlobal(page, 'idb')
  const reloaded = await page.evaluate(async () => {
    const { idb } = window as unknown as WithIdb
    idb.open('wallet', { database: 'app', objectStore: 'wallet' })
    idb.open('modal', { database: 'app', objectStore: 'modal' })
    idb.open('history', { database: 'app', objectStore: 'history' })
    return {
      history: await idb.get('history', 'last'),
      wallet: await idb.keys('wallet'),
      modal: await idb.keys('modal'),
      session: await idb.get('wallet', 'session'),
      recent: await idb.get('modal', 'recent'),
      theme: await idb.readForeign('app', 'settings', 'theme'),
      version: await idb.version('app'),
    }
  })
  // One upgrade for each store added, none for a store already there.
  expect(reloaded).toEqual({
    history: 'w1',
    wallet: ['pairing', 'session'],
    modal: ['recent', 'view'],
    session: { topic: 'abc' },
    recent: ['w1'],
    theme: 'dark',
    version: 4,
  })
})

test('IdbStorage rejects, naming the database and the store, while a connection it does not own blocks adding the store, and works once it closes', async ({
  page,
}) => {
  await page.evaluate(async () => {
    const { idb } = window as unknown as WithIdb
    await idb.createForeign('held', 'settings', 'theme', 'dark')
    await idb.hold('held')
    idb.open('wallet', { database: 'held', objectStore: 'wallet' })
  })
  const failure = await page.evaluate(() => (window as unknown as WithIdb).idb.failure('wallet', 'first'))
  expect(failure).toMatch(/"held".*"wallet"/)

  await page.evaluate(() => (window as unknown as WithIdb).idb.release('held'))
  // The upgrade given up on is still queued in the browser, and runs once the connection closes.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as WithIdb).idb.failure('wallet', 'session')))
    .toBe('stored')
  const stored = await page.evaluate(async () => {
    const { idb } = window as unknown as WithIdb
    return { keys: await idb.keys('wallet'), theme: await idb.readForeign('held', 'settings', 'theme') }
  })
  expect(stored).toEqual({ keys: ['session'], theme: 'dark' })
})

test('IdbStorage with no options reads the pairwise database an earlier version made, without upgrading it', async ({
  page,
}) => {
  const read = await page.evaluate(async () => {
    const { idb } = window as unknown as WithIdb
    await idb.createForeign('pairwise', 'keyvaluestorage', 'wc@2:client:0.3:session', 'kept')
    idb.open('default')
    return {
      session: await idb.get('default', 'wc@2:client:0.3:session'),
      version: await idb.version('pairwise'),
    }
  })
  expect(read).toEqual({ session: 'kept', version: 1 })
})
