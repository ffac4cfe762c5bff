import { testWalletInfo } from '../../support/browserWallet.js'
import { expect, test } from './fixtures.js'

test('the button paints before the modal code has loaded, in the page theme, and a click made then opens the modal once it has', async ({
  page,
  stack,
  wallet: _wallet,
}) => {
  let releaseApp: () => void = () => {}
  const appHeld = new Promise<void>((resolve) => {
    releaseApp = resolve
  })
  let appRequested = false
  await page.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
    appRequested = true
    await appHeld
    await route.continue()
  })
  await page.goto(stack.demoUrl)

  const button = page.getByRole('button', { name: 'Connect Wallet' })
  await expect(button).toBeVisible()
  expect(appRequested).toBe(true)
  // The demo is dark; the button shows the dark accent from its first paint, with no light flash.
  await expect(button).toHaveCSS('background-color', 'rgb(77, 171, 247)')
  await expect(page.getByTestId('demo-address')).toHaveCount(0)

  await button.click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  releaseApp()
  await expect(
    page.getByRole('dialog').getByRole('button', { name: new RegExp(testWalletInfo.name) }),
  ).toBeVisible()
})
