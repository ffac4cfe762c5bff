import { readFileSync } from 'node:fs'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { ACTIONS_PROJECT_ID } from '../../../services/stack/demoProject.js'
import { injectTestWallet, testWalletInfo } from '../../support/browserWallet.js'
import { TestWallet } from '../../support/testWallet.js'
import { expect, test } from '../embedded/support/embeddedStack.js'
import { registerNameWithApi } from './registerName.js'

/** Whether the element's text runs past its box, and the box ends it with an ellipsis. */
const cutShort = (element: Element) =>
  element.scrollWidth > element.clientWidth && getComputedStyle(element).textOverflow === 'ellipsis'

test.use({ viewport: { width: 400, height: 800 } })

test('a name as long as the names service registers is cut short with an ellipsis on the account button and in Account, each within its place', async ({
  page,
  stack,
}) => {
  const privateKey = generatePrivateKey()
  const wallet = new TestWallet({
    chains: { [stack.chain.chainId]: stack.chain.rpcUrl },
    chainId: stack.chain.chainId,
    privateKey,
  })
  await injectTestWallet(page, wallet)
  const name = `${'long-name-'.repeat(6)}end.pairwise.eth`
  const { answer } = await registerNameWithApi(
    stack,
    ACTIONS_PROJECT_ID,
    name,
    privateKeyToAccount(privateKey),
  )
  expect(answer.status, await answer.clone().text()).toBe(200)

  // The account-actions example: the app with names (they come with the email login it offers).
  const { pages } = JSON.parse(readFileSync(stack.stackFile, 'utf8')) as { pages: { actions: string } }
  await page.goto(pages.actions)
  await page.locator('appkit-button').getByRole('button').click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(testWalletInfo.name) })
    .click()
  await expect(page.getByTestId('actions-account')).toHaveText(`Connected: ${wallet.address}`)
  await page.getByTestId('account-button').click()
  const account = page.getByRole('dialog', { name: 'Account' })
  const shown = account.getByTestId('account-address')
  await expect(shown).toHaveText(name)
  expect(await shown.evaluate(cutShort)).toBe(true)
  const [shownBox, card] = [await shown.boundingBox(), await account.boundingBox()]
  expect(shownBox && card && shownBox.x + shownBox.width <= card.x + card.width).toBe(true)

  await page.keyboard.press('Escape')
  await expect(account).toBeHidden()
  const button = page.getByTestId('account-button')
  await expect(button).toContainText(name)
  expect(await button.locator('span').last().evaluate(cutShort)).toBe(true)
  const buttonBox = await button.boundingBox()
  expect(buttonBox && buttonBox.x + buttonBox.width <= 400).toBe(true)
})
