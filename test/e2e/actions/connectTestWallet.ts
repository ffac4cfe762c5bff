import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { testWalletInfo } from '../../support/browserWallet.js'
import { type DemoStack, expect } from '../modal/fixtures.js'

/** examples/actions' address, as `npm start` wrote it to the stack file. */
export const actionsPage = (stack: DemoStack): string =>
  (JSON.parse(readFileSync(stack.stackFile, 'utf8')) as { pages: { actions: string } }).pages.actions

/**
 * Opens examples/actions and connects the injected test wallet through the modal. The wait is generous:
 * the first page of a worker compiles the example's chunks while the other worker's stack is busy too.
 */
export async function connectTestWallet(page: Page, stack: DemoStack, address: string): Promise<void> {
  await page.goto(actionsPage(stack))
  await page.locator('appkit-button').getByRole('button').click()
  const wallet = page.getByRole('dialog').getByRole('button', { name: new RegExp(testWalletInfo.name) })
  // Enter on the focused row picks it wherever it is by then. A click aims at where the row was: CI run 88's
  // screenshot had the pointer resting on All Wallets and the page unconnected, from before the card kept its
  // top while the email field arrived (cardGrowth.spec.ts); a late announcement still reorders the rows (OPEN-17).
  await expect(wallet).toContainText('Installed')
  await wallet.press('Enter')
  await explained(
    page,
    expect(page.getByTestId('actions-account')).toHaveText(`Connected: ${address}`, { timeout: 20_000 }),
    // CI saw the page stay "Not connected." twice, without a cause: what the modal shows then says why.
    'the page stayed unconnected after picking the wallet',
  )
}

/**
 * Awaits `step`; when it fails, fails with `what` and the text the modal shows by then (or that it is
 * closed), which a CI log keeps where its screenshot is lost.
 */
export async function explained(page: Page, step: Promise<void>, what: string): Promise<void> {
  await step.catch(async (error: unknown) => {
    const dialog = page.getByRole('dialog')
    const shown = (await dialog.isVisible())
      ? await dialog.innerText().catch(() => '(unreadable)')
      : '(closed)'
    throw new Error(`${what}; the modal shows:\n${shown}`, { cause: error })
  })
}
