import type { Page } from '@playwright/test'
import { testWalletInfo } from '../../support/browserWallet.js'
import { foreignNetwork, openView, seriousViolations } from '../support/modalViews.js'
import { connectTestWallet, expect, test } from './fixtures.js'

/** Playwright resolves the deepest focused element through open shadow roots. */
async function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    let active = document.activeElement
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
    return active?.textContent?.trim() ?? ''
  })
}

test('axe finds no serious or critical violation in any view, disconnected or connected', async ({
  page,
  stack,
  wallet,
}) => {
  // Some twenty views, each opened and scanned by axe: about 9 s on an idle machine, several times that beside
  // another worker's production builds.
  test.setTimeout(90_000)
  // Contrast is judged on the settled view, not mid fade-in (the modal honours reduced motion).
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto(stack.demoUrl)
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  const dialog = page.getByRole('dialog')
  // Asked again for a few seconds: on a busy machine axe has caught a view mid-render, its text still at the
  // colour it fades in from (a 1.12 contrast), where the settled view passes.
  const check = async (label: string) => {
    await expect(dialog).toBeVisible()
    await expect.poll(() => seriousViolations(page), { message: label, timeout: 10_000 }).toEqual([])
  }
  expect(await seriousViolations(page), 'page with the button').toEqual([])
  await openView(page, 'Connect')
  await check('Connect')
  await openView(page, 'AllWallets')
  await check('AllWallets')
  await dialog.getByRole('searchbox').fill('no such wallet')
  await check('AllWallets, empty search')
  await openView(page, 'ConnectingWalletConnect', {})
  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible()
  await check('ConnectingWalletConnect')
  await openView(page, 'ConnectingWalletConnectBasic')
  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible()
  await check('ConnectingWalletConnectBasic')
  await openView(page, 'SwitchActiveChain', { namespace: 'solana' })
  await check('SwitchActiveChain')
  await openView(page, 'Networks')
  await check('Networks')
  wallet.rejectNext('eth_requestAccounts')
  await openView(page, 'ConnectingExternal', { connectorId: testWalletInfo.rdns })
  await expect(dialog.getByRole('alert')).toContainText('Connection declined')
  await check('ConnectingExternal, declined')
  await page.keyboard.press('Escape')

  await connectTestWallet(page, stack.demoUrl, wallet.address)
  await openView(page, 'Account')
  await expect(dialog.getByTestId('account-balance')).toContainText('tETH')
  await check('Account')
  await openView(page, 'SwitchNetwork', { network: foreignNetwork })
  // The modal's 'Network Not Found' banner (ERR-13) and the view's own error line are both alerts.
  await expect(dialog.getByRole('alert').filter({ hasText: 'Network Not Found' })).toBeVisible()
  await expect(dialog.getByRole('alert').filter({ hasText: 'Switch declined' })).toBeVisible()
  await check('SwitchNetwork, failed')
  await openView(page, 'UnsupportedChain')
  await check('UnsupportedChain')
})

test('keyboard only: Tab to the button, Enter opens, focus stays in the dialog, Enter on the wallet connects; Escape closes and restores focus', async ({
  page,
  stack,
  wallet,
}) => {
  await page.goto(stack.demoUrl)
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  await page.keyboard.press('Tab')
  expect(await focusedText(page)).toBe('Connect Wallet')
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(dialog).toBeVisible()

  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab')
    expect(
      await dialog.evaluate((el) =>
        el.contains(
          el.getRootNode() instanceof ShadowRoot ? (el.getRootNode() as ShadowRoot).activeElement : null,
        ),
      ),
    ).toBe(true)
  }
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  // The dialog is hidden when the modal closes; its effects (focus given back) are cleaned up just after.
  await expect.poll(() => focusedText(page)).toBe('Connect Wallet')

  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  for (let i = 0; i < 6 && !(await focusedText(page)).includes(testWalletInfo.name); i++)
    await page.keyboard.press('Tab')
  expect(await focusedText(page)).toContain(testWalletInfo.name)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('demo-address')).toHaveText(wallet.address)
})
