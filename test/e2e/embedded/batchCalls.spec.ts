import { readFileSync } from 'node:fs'
import { type Address, concat, createPublicClient, type Hex, http, parseEther } from 'viem'
import { localNetwork } from '../../../services/index.js'
import { sendTokenFromDevAccount, setBalance } from '../../support/setBalance.js'
import { tokenBalance } from '../../support/tokenBalance.js'
import { expect, freshEmail, test } from './support/embeddedStack.js'
import { approveInFrame, emailLoginOnPage, secureFrame } from './support/modalFrame.js'

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

  const address = await emailLoginOnPage(page, stack, {
    url: pages.actions,
    email: freshEmail('batch'),
    account: 'actions-account',
  })
  await page.keyboard.press('Escape')

  // The new wallet gets 1 tETH and 10 tUSD to send from.
  await setBalance(stack.chain.rpcUrl, address, parseEther('1'))
  await sendTokenFromDevAccount(stack.chain, contracts.testUsd, address, 10_000_000n)

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
  await approveInFrame(page)

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
  expect(await tokenBalance(reader, contracts.testUsd, address)).toBe(9_000_000n)
})
