import type { Locator } from '@playwright/test'
import { expect, test } from '../modal/fixtures.js'
import { connectTestWallet, explained } from './connectTestWallet.js'

/**
 * Issue 33: the swap views' buttons are the modal's primary button, and a disabled primary button looks
 * disabled yet stays readable (a neutral ground and the secondary text colour, not translucency, which read at
 * under 3:1 in dark mode), checked by the styles Chromium computes on examples/actions (swaps on).
 */
const look = (button: Locator) =>
  button.evaluate((element) => {
    const style = getComputedStyle(element)
    return {
      primary: element.classList.contains('primary'),
      background: style.backgroundColor,
      color: style.color,
      opacity: Number(style.opacity),
      cursor: style.cursor,
    }
  })

test('a disabled primary button looks disabled and reads (Send’s Review), and Review swap and Confirm swap are primary buttons', async ({
  page,
  stack,
  wallet,
}) => {
  await connectTestWallet(page, stack, wallet.address)
  const dialog = page.getByRole('dialog')

  await page.getByTestId('account-button').click()
  await dialog.getByTestId('account-send').click()
  const sendReview = dialog.getByTestId('send-review')
  // The Send view is the page's first later view: its chunk may still be loading on a busy machine.
  await explained(
    page,
    expect(sendReview).toBeDisabled({ timeout: 15_000 }),
    'Account → Send showed no disabled Review',
  )
  const disabled = await look(sendReview)
  expect(disabled).toMatchObject({ primary: true, opacity: 1, cursor: 'not-allowed' })
  const fill = disabled.background
  const label = disabled.color

  await dialog.getByRole('button', { name: 'Back' }).click()
  await dialog.getByTestId('account-swap').click()
  await dialog.getByTestId('swap-from').click()
  await dialog.getByTestId('swap-token-tETH').click()
  await dialog.getByTestId('swap-to').click()
  await dialog.getByTestId('swap-token-tUSDC').click()
  const review = dialog.getByTestId('swap-review')
  await expect(review).toBeDisabled()
  expect(await look(review)).toEqual(disabled)
  await dialog.getByTestId('swap-amount').fill('1')
  await expect(dialog.getByTestId('swap-quote')).toHaveText(/^[\d,]+(\.\d+)?$/, { timeout: 15_000 })
  await expect(review).toBeEnabled()
  const enabled = await look(review)
  expect(enabled).toMatchObject({ primary: true, opacity: 1, cursor: 'pointer' })
  // Enabled is the accent with its label colour: both differ from the disabled look.
  expect(enabled.background).not.toBe(fill)
  expect(enabled.color).not.toBe(label)
  await review.click()
  const confirm = dialog.getByTestId('swap-confirm')
  await expect(confirm).toBeEnabled({ timeout: 15_000 })
  expect(await look(confirm)).toEqual(enabled)
})
