import { testWalletInfo } from '../../support/browserWallet.js'
import { expect, test } from '../modal/fixtures.js'
import { actionsPage } from './connectTestWallet.js'

const emailSectionChunk = /\/assets\/EmailSection-[^/]+\.js$/

test('a wallet row Connect shows stays under the pointer when the email field arrives after it: within a view the card grows downward, and it is centred when it opens', async ({
  page,
  stack,
  wallet: _wallet,
}) => {
  // The email field's code is held back until the row has been measured, as a slow network would.
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(emailSectionChunk, async (route) => {
    await held
    await route.continue()
  })
  // The card rises 8 px as it opens; measured without that, its position is its layout's alone.
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto(actionsPage(stack))
  await page.locator('appkit-button').getByRole('button').click()
  const dialog = page.getByRole('dialog')
  const row = dialog.getByRole('button', { name: new RegExp(testWalletInfo.name) })
  const email = dialog.getByRole('textbox', { name: 'Email' })
  await expect(row).toBeVisible()
  await expect(email).toHaveCount(0)
  const centred = await dialog.evaluate((card) => {
    const { top, bottom } = card.getBoundingClientRect()
    return Math.abs(top - (innerHeight - bottom))
  })
  expect(centred).toBeLessThanOrEqual(1)
  const before = await row.boundingBox()

  release()
  await expect(email).toBeVisible()
  const after = await row.boundingBox()
  expect(after?.y).toBeCloseTo(before?.y ?? Number.NaN, 0)
  expect(after?.x).toBeCloseTo(before?.x ?? Number.NaN, 0)
})
