import { createPublicClient, formatUnits, http } from 'viem'
import type { RunningStack } from '../../../services/index.js'
import type { TestWallet } from '../../support/testWallet.js'
import { connectTestWallet, expect, test } from './fixtures.js'

/**
 * What the page should print for the account's balance, worked out apart from the demo's code: viem's
 * exact decimal string, cut (not rounded) to four decimals by Intl itself.
 */
async function expectedBalance(stack: RunningStack, wallet: TestWallet, locale: string): Promise<string> {
  const wei = await createPublicClient({ transport: http(stack.chain.rpcUrl) }).getBalance({
    address: wallet.address,
  })
  const tokens = formatUnits(wei, 18) as `${number}`
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 4, roundingMode: 'trunc' })
  return `${number.format(tokens)} tETH`
}

test.describe('in en-US', () => {
  test.use({ locale: 'en-US' })

  test('a newcomer reads the balance in tETH with en-US separators, and a sentence on what each part does', async ({
    page,
    stack,
    wallet,
  }) => {
    await page.goto(stack.demoUrl)
    await expect(page.getByTestId('explain-connect')).toBeVisible()
    await expect(page.getByTestId('explain-connect')).toContainText('Connect Wallet opens the modal')

    await connectTestWallet(page, stack.demoUrl, wallet.address)
    const expected = await expectedBalance(stack, wallet, 'en-US')
    expect(expected).toMatch(/^\d{1,3}(,\d{3})*(\.\d+)? tETH$/)
    await expect(page.getByTestId('demo-balance-amount')).toHaveText(expected)
    await expect(page.locator('main')).not.toContainText('wei', { useInnerText: true })

    const explanations = {
      'explain-connect': 'scan a QR code',
      'explain-account': 'switch network or disconnect',
      'explain-balance': 'in the network',
      'explain-sign': 'sign a short text',
      'explain-send': 'send 0.01 tETH',
    }
    for (const [testId, phrase] of Object.entries(explanations)) {
      await expect(page.getByTestId(testId)).toBeVisible()
      await expect(page.getByTestId(testId)).toContainText(phrase)
    }
    // Each button's sentence sits with the button it explains.
    for (const [button, testId] of [
      ['Sign a message', 'explain-sign'],
      ['Send 0.01 tETH', 'explain-send'],
    ] as const) {
      const action = page.locator('.action').filter({ has: page.getByRole('button', { name: button }) })
      await expect(action.getByTestId(testId)).toBeVisible()
    }
  })
})

test.describe('in de-DE', () => {
  test.use({ locale: 'de-DE' })

  test('the balance follows the browser’s locale: dots group thousands and a comma marks decimals', async ({
    page,
    stack,
    wallet,
  }) => {
    await connectTestWallet(page, stack.demoUrl, wallet.address)
    const expected = await expectedBalance(stack, wallet, 'de-DE')
    expect(expected).toMatch(/^\d{1,3}(\.\d{3})*(,\d+)? tETH$/)
    await expect(page.getByTestId('demo-balance-amount')).toHaveText(expected)
  })
})
