import { expect, test } from './fixtures.js'

test("the demo's All Wallets list comes from the stack's api, and its icons load from the api itself", async ({
  page,
  stack,
}) => {
  const icons = `${stack.api.url}/v1/wallets/icons/`
  const registry = page.waitForResponse(`${stack.api.url}/v1/wallets`)
  await page.goto(stack.demoUrl)
  expect((await registry).ok()).toBe(true)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: /All Wallets/i }).click()
  const metamask = dialog.getByRole('button', { name: /MetaMask/ })
  await expect(metamask).toBeVisible()
  const icon = metamask.locator('img')
  await expect(icon).toHaveAttribute('src', `${icons}metamask.svg`)
  await expect
    .poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)
})
