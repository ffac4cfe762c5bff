import type { FrameLocator, Page } from '@playwright/test'
import type { Address } from 'viem'
import { type DemoStack, expect, typeMailedCode } from './embeddedStack.js'

/** The secure frame the modal embeds on a host page: codes, passphrases and approvals are typed there. */
export const secureFrame = (page: Page): FrameLocator => page.frameLocator('iframe[src*="/frame?"]')

/** Types the mailed code and a new passphrase into the modal's secure frame; answers when the code was mailed. */
export async function enterMailedCode(
  page: Page,
  stack: DemoStack,
  email: string,
  sent: number,
): Promise<number> {
  return (await typeMailedCode(secureFrame(page), stack, email, sent)).at
}

/** Opens the modal on the page at `url` and asks for a login by `email`; answers the time to read the inbox from. */
export async function askEmailLogin(page: Page, url: string, email: string): Promise<number> {
  await page.goto(url)
  await page.locator('appkit-button').getByRole('button').click()
  const dialog = page.getByRole('dialog')
  const sent = Date.now() - 1000
  await dialog.getByTestId('email-connect-input').fill(email)
  await dialog.getByTestId('email-connect').getByRole('button').click()
  return sent
}

/**
 * Opens the account view from the page's account button and presses Disconnect there with the keyboard, so
 * the press reaches the button wherever it is: the view grows as its balance and tokens load, and a pointer
 * click aimed at the button before that lands where it was (a CI run's screenshot showed the view untouched).
 */
export async function disconnectFromAccount(page: Page): Promise<void> {
  await page.getByRole('button', { name: /0x/ }).click()
  await page.getByRole('dialog').getByTestId('disconnect').press('Enter')
}

/** The address an example page shows in its `account` element ("Connected: 0x…") once a wallet is connected. */
export async function connectedAddress(page: Page, account = 'embedded-account'): Promise<Address> {
  const shown = page.getByTestId(account)
  await expect(shown).toHaveText(/^Connected: 0x[0-9a-fA-F]{40}$/, { timeout: 30_000 })
  return ((await shown.textContent()) ?? '').replace('Connected: ', '') as Address
}

/**
 * Logs `email` in through the modal on an example page (`url`), the code and a new passphrase typed into the
 * secure frame; answers the address the page then shows in its `account` element.
 */
export async function emailLoginOnPage(
  page: Page,
  stack: DemoStack,
  { url, email, account }: { url: string; email: string; account: string },
): Promise<Address> {
  await enterMailedCode(page, stack, email, await askEmailLogin(page, url, email))
  return connectedAddress(page, account)
}

/**
 * Approves in the secure frame. Its approve button takes clicks only once it has been in view for a moment,
 * and a long preview runs past the frame's slot: it is scrolled into view first.
 */
export async function approveInFrame(page: Page): Promise<void> {
  const approve = secureFrame(page).getByTestId('frame-approve')
  await approve.scrollIntoViewIfNeeded()
  await expect(approve).toBeEnabled({ timeout: 10_000 })
  await approve.click()
}
