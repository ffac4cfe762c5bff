import { test as base } from '@playwright/test'
import { injectTestWallet } from './browserWallet.js'
import { type ChainFixture, startChainFixture } from './chain.js'
import { TestWallet } from './testWallet.js'

/** Debian's Chromium with flags that keep it off every network but loopback. */
export const chromiumLaunchOptions = {
  executablePath: process.env.PAIRWISE_CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ],
}

type WorkerFixtures = { chain: ChainFixture }
type TestFixtures = { wallet: TestWallet }

/**
 * Playwright `test` with a local chain per worker (reverted to a snapshot after each test) and a test
 * wallet injected into `page` before it loads.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  chain: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
    async ({}, use) => {
      const chain = await startChainFixture()
      await use(chain)
      await chain.stop()
    },
    { scope: 'worker' },
  ],
  wallet: async ({ chain, page }, use) => {
    const snapshot = await chain.snapshot()
    const wallet = new TestWallet({ chains: { [chain.chainId]: chain.rpcUrl }, chainId: chain.chainId })
    await injectTestWallet(page, wallet)
    await use(wallet)
    await chain.revert(snapshot)
  },
})

export { expect } from '@playwright/test'
