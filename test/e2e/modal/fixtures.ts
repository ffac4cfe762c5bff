import { test as base, expect, type Locator, type Page } from '@playwright/test'
import type { RunningStack } from '../../../services/index.js'
import { injectTestWallet, testWalletInfo } from '../../support/browserWallet.js'
import { TestWallet } from '../../support/testWallet.js'
import { startDemoStack } from './demoStack.js'

export type DemoStack = RunningStack & { demoUrl: string; dataDir: string }

/** Playwright `test` with `npm start`'s stack per worker and the test wallet injected into each page. */
export const test = base.extend<{ wallet: TestWallet }, { stack: DemoStack }>({
  stack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
    async ({}, use) => {
      const stack = await startDemoStack()
      await use(stack)
      await stack.stop()
    },
    // Its own time, not the first test's: a start on a busy machine takes a good part of 30 s.
    { scope: 'worker', timeout: 120_000 },
  ],
  wallet: async ({ stack, page }, use) => {
    const wallet = new TestWallet({
      chains: { [stack.chain.chainId]: stack.chain.rpcUrl },
      chainId: stack.chain.chainId,
    })
    await injectTestWallet(page, wallet)
    await use(wallet)
  },
})

export async function connectTestWallet(page: Page, demoUrl: string, address: string): Promise<void> {
  await page.goto(demoUrl)
  // By the element, not its words: in another browser language the label changes once its catalogue loads.
  await page.locator('appkit-button').getByRole('button').click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(testWalletInfo.name) })
    .click()
  await expect(page.getByTestId('demo-address')).toHaveText(address)
}

/**
 * The Account view of the connected wallet, opened from the account button, once it has loaded what
 * it shows (the tabs' chunk, then the wallet's tokens): until then the view grows, what sits below each part
 * that grows moves down, and a click could land beside a button.
 */
export async function openAccount(page: Page): Promise<Locator> {
  await page.getByTestId('account-button').click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account.getByTestId('account')).toBeVisible()
  await expect(account.getByTestId('tokens')).toBeVisible({ timeout: 10_000 })
  return account
}

export { expect }
