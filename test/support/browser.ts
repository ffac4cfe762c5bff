import { test as base } from '@playwright/test'
import { injectTestWallet } from './browserWallet.js'
import { type ChainFixture, startChainFixture } from './chain.js'
import { TestWallet } from './testWallet.js'

/**
 * The features Playwright 1.x turns off in every Chromium it starts, as it passes them. Its list includes
 * ThirdPartyStoragePartitioning, which Chrome ships on: without it a frame on another site than the page
 * (the secure frame) is refused IndexedDB ("The user denied permission to access the database"), as no
 * user's Chrome does. So that one argument is replaced by the same list without it; the embedded-wallet
 * e2e fails loudly (no device key) if a Playwright upgrade changes the list and this stops matching.
 */
const playwrightDisabledFeatures =
  '--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,ThirdPartyStoragePartitioning,AvoidCorsURLLoaderRestartOnRedirect,TcpPortRandomizationWin,OptimizationHints,NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch,msForceBrowserSignIn,msEdgeUpdateLaunchServicesPreferredVersion'

/** Debian's Chromium with flags that keep it off every network but loopback, storage partitioned as in Chrome. */
export const chromiumLaunchOptions = {
  executablePath: process.env.PAIRWISE_CHROMIUM ?? '/usr/bin/chromium',
  ignoreDefaultArgs: [playwrightDisabledFeatures],
  args: [
    playwrightDisabledFeatures.replace(',ThirdPartyStoragePartitioning', ''),
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
    // Glyphs drawn the same whatever fontconfig settings the machine's font packages bring: the visual
    // snapshots compare pixels.
    '--font-render-hinting=none',
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
