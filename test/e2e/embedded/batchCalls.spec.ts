import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import {
  type Address,
  concat,
  createPublicClient,
  createTestClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  parseEther,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { devPrivateKeys, localNetwork } from '../../../services/index.js'
import { expect, freshEmail, mailedCode, passphrase, test } from './support/embeddedStack.js'

const secureFrame = (page: Page) => page.frameLocator('iframe[src*="/frame?"]')

test.describe.configure({ timeout: 180_000 })

/**
 * Issue 36, acceptance 3 in the browser: the email wallet on examples/actions sends "two transfers in one
 * batch" as one EIP-7702 transaction from its own address; the frame's approval lists each call decoded and
 * the balance changes of the whole batch, simulated.
 */
test('the email wallet approves a batch of two transfers, each shown decoded with the balance changes of the whole batch simulated, and sends it as one type-4 transaction from its own address', async ({
  page,
  stack,
}) => {
  const { contracts, pages } = JSON.parse(readFileSync(stack.stackFile, 'utf8')) as {
    contracts: { testUsd: Address; simple7702Account: Address }
    pages: { actions: string }
  }
  const chain = localNetwork(stack.chain.rpcUrl, stack.chain.chainId)
  const reader = createPublicClient({ chain, transport: http(stack.chain.rpcUrl) })

  const email = freshEmail('batch')
  await page.goto(pages.actions)
  await page.locator('appkit-button').getByRole('button').click()
  const dialog = page.getByRole('dialog')
  const sent = Date.now() - 1000
  await dialog.getByTestId('email-connect-input').fill(email)
  await dialog.getByTestId('email-connect').getByRole('button').click()
  const { code } = await mailedCode(stack, email, sent)
  await secureFrame(page).getByTestId('frame-code-input').fill(code)
  await secureFrame(page).getByTestId('frame-code-submit').click()
  await secureFrame(page).getByTestId('frame-passphrase-input').fill(passphrase)
  await secureFrame(page).getByTestId('frame-passphrase-submit').click()
  const account = page.getByTestId('actions-account')
  await expect(account).toHaveText(/^Connected: 0x[0-9a-fA-F]{40}$/, { timeout: 20_000 })
  const address = ((await account.textContent()) ?? '').replace('Connected: ', '') as Address
  await page.keyboard.press('Escape')

  // The new wallet gets 1 tETH and 10 tUSD to send from.
  await createTestClient({ mode: 'anvil', transport: http(stack.chain.rpcUrl) }).setBalance({
    address,
    value: parseEther('1'),
  })
  const holder = createWalletClient({
    account: privateKeyToAccount(devPrivateKeys[0]),
    chain,
    transport: http(stack.chain.rpcUrl),
  })
  await reader.waitForTransactionReceipt({
    hash: await holder.writeContract({
      address: contracts.testUsd,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [address, 10_000_000n],
    }),
  })

  await page.getByTestId('send-batch').click()
  const preview = secureFrame(page).getByTestId('frame-preview')
  await expect(preview).toContainText('1. Send')
  await expect(preview).toContainText('0.01 tETH')
  await expect(preview).toContainText('2. Send tUSD')
  await expect(preview).toContainText('1 tUSD')
  await expect(preview).toContainText('Total value')
  // One simulation of the whole batch as the account: both decreases, then the fee and the total.
  await expect(preview).toContainText('Balance change')
  await expect(preview).toContainText('\u22120.01 tETH')
  await expect(preview).toContainText('\u22121 tUSD')
  await expect(preview).toContainText('Network fee')
  await expect(preview).not.toContainText('would fail')
  // The rows run past the frame's slot: Approve opens only once the user has scrolled it into view.
  await secureFrame(page).getByTestId('frame-approve').scrollIntoViewIfNeeded()
  await expect(secureFrame(page).getByTestId('frame-approve')).toBeEnabled({ timeout: 10_000 })
  await secureFrame(page).getByTestId('frame-approve').click()

  const status = page.getByTestId('batch-status')
  await expect(status).toContainText('confirmed (200), in one transaction', { timeout: 30_000 })
  const [hash] = ((await status.textContent()) ?? '').match(/0x[0-9a-f]{64}(?= success)/g) ?? []
  const receipt = await reader.getTransactionReceipt({ hash: hash as Hex })
  expect(receipt).toMatchObject({
    status: 'success',
    type: 'eip7702',
    from: address.toLowerCase(),
    to: address.toLowerCase(),
  })
  expect(await reader.getCode({ address })).toBe(
    concat(['0xef0100', contracts.simple7702Account]).toLowerCase(),
  )
  expect(
    await reader.readContract({
      address: contracts.testUsd,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    }),
  ).toBe(9_000_000n)
})
