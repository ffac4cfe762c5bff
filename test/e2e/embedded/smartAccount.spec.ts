import { readFileSync } from 'node:fs'
import {
  type Address,
  createPublicClient,
  erc20Abi,
  type Hex,
  http,
  parseAbi,
  parseEther,
  parseEventLogs,
} from 'viem'
import { entryPoint08Abi } from 'viem/account-abstraction'
import { demoRecipient } from '../../../examples/demo/src/demoTransfers.js'
import { localNetwork } from '../../../services/index.js'
import { sendTokenFromDevAccount, setBalance } from '../../support/setBalance.js'
import { watchBatchRecipient } from '../actions/batchRecipient.js'
import { expect, freshEmail, test } from './support/embeddedStack.js'
import { approveInFrame, connectedAddress, emailLoginOnPage, secureFrame } from './support/modalFrame.js'

const factoryAbi = parseAbi(['function getAddress(address owner, uint256 salt) view returns (address)'])

test.describe.configure({ timeout: 240_000 })

/**
 * Issue 36, acceptance 1, on examples/actions against the stack with its local bundler (alto): the email
 * wallet switches to its smart account (the SimpleAccount factory's counterfactual address), sends "two
 * transfers in one batch" from it as ONE UserOperation that also deploys it, and the status, the chain, the
 * api's bundler path and account state after init smart account all say so.
 */
test('FRAME-13 FRAME-14 CALL-07 the email wallet switches to its smart account (the shown address changes), sends tETH and tUSD in one UserOperation that deploys the account, the status reports success with the receipt, and smartAccountDeployed turns true', async ({
  page,
  stack,
}) => {
  const { contracts, pages, projectId, bundler } = JSON.parse(readFileSync(stack.stackFile, 'utf8')) as {
    contracts: { testUsd: Address; entryPoint: Address; simpleAccountFactory: Address }
    pages: { actions: string }
    projectId: string
    bundler: { url: string; name: string }
  }
  const chain = localNetwork(stack.chain.rpcUrl, stack.chain.chainId)
  const reader = createPublicClient({ chain, transport: http(stack.chain.rpcUrl) })

  const eoa = await emailLoginOnPage(page, stack, {
    url: pages.actions,
    email: freshEmail('smart'),
    account: 'actions-account',
  })
  const account = page.getByTestId('actions-account')
  const dialog = page.getByRole('dialog')
  const smartAccount = page.getByTestId('actions-smart-account')
  // The local chain is a smart account network: the modal inits the smart account on connect (FRAME-14).
  await expect(smartAccount).toHaveText('EOA; smart account not deployed yet', { timeout: 20_000 })
  await page.keyboard.press('Escape')

  // FRAME-13: on Account, the email wallet switches to its smart account, and the shown address follows.
  await page.locator('appkit-button').getByRole('button').click()
  await dialog.getByTestId('email-account-switch-type').click()
  await expect(account).not.toHaveText(`Connected: ${eoa}`, { timeout: 20_000 })
  const smart = await connectedAddress(page, 'actions-account')
  await expect(smartAccount).toHaveText('Smart account; smart account not deployed yet')
  await expect(dialog.getByTestId('email-account-switch-type')).toHaveText('Switch to EOA account')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  // The factory's counterfactual account of the EOA, with no code yet.
  expect(
    await reader.readContract({
      address: contracts.simpleAccountFactory,
      abi: factoryAbi,
      functionName: 'getAddress',
      args: [eoa, 0n],
    }),
  ).toBe(smart)
  expect(await reader.getCode({ address: smart })).toBeUndefined()

  // The smart account gets 1 tETH (its gas and the transfer) and 10 tUSD to send from.
  await setBalance(stack.chain.rpcUrl, smart, parseEther('1'))
  await sendTokenFromDevAccount(stack.chain, contracts.testUsd, smart, 10_000_000n)
  const recipient = await watchBatchRecipient(reader, contracts.testUsd)

  await page.getByTestId('send-batch').click()
  const preview = secureFrame(page).getByTestId('frame-preview')
  await expect(preview).toContainText('1. Send')
  await expect(preview).toContainText('2. Send tUSD')
  await expect(preview).toContainText('the smart account is deployed with this operation')
  // The whole batch simulated as the smart account: its tUSD goes down by the one sent.
  await expect(preview).toContainText('Balance change')
  await expect(preview).toContainText('\u22121 tUSD')
  await expect(preview).not.toContainText('would fail')
  await approveInFrame(page)

  // wallet_getCallsStatus: success, atomically, with the bundle transaction's receipt.
  const status = page.getByTestId('batch-status')
  await expect(status).toContainText('confirmed (200), in one transaction', { timeout: 60_000 })
  const id = (await status.getAttribute('data-batch-id')) as Hex
  expect(id).toMatch(/^0x[0-9a-f]{64}$/)
  const [hash] = ((await status.textContent()) ?? '').match(/0x[0-9a-f]{64}(?= success)/g) ?? []
  const receipt = await reader.getTransactionReceipt({ hash: hash as Hex })
  expect(receipt.status).toBe('success')
  expect(receipt.to?.toLowerCase()).toBe(contracts.entryPoint.toLowerCase())
  // Both transfers in ONE operation of the smart account, which that operation deployed.
  const events = parseEventLogs({ abi: entryPoint08Abi, logs: receipt.logs })
  const operations = events.filter((event) => event.eventName === 'UserOperationEvent')
  expect(operations).toHaveLength(1)
  expect(operations[0]?.args).toMatchObject({ userOpHash: id, sender: smart, success: true })
  expect(events.find((event) => event.eventName === 'AccountDeployed')?.args).toMatchObject({
    userOpHash: id,
    sender: smart,
    factory: contracts.simpleAccountFactory,
  })
  const transfers = parseEventLogs({ abi: erc20Abi, logs: receipt.logs, eventName: 'Transfer' })
  expect(transfers.map((t) => t.args)).toEqual([{ from: smart, to: demoRecipient, value: 1_000_000n }])
  await recipient.expectOneBatch()
  expect((await reader.getCode({ address: smart }))?.length ?? 0).toBeGreaterThan(2)

  // CALL-07: the api's bundler path answers eth_getUserOperationReceipt of the batch from the local bundler.
  const query = new URLSearchParams({ projectId, chainId: `eip155:${chain.id}`, bundler: bundler.name })
  const viaApi = (await (
    await fetch(`${stack.api.url}/v1/bundler?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getUserOperationReceipt', params: [id] }),
    })
  ).json()) as { result: { success: boolean; sender: string; receipt: { transactionHash: string } } }
  expect(viaApi.result).toMatchObject({ success: true, receipt: { transactionHash: hash } })
  expect(viaApi.result.sender.toLowerCase()).toBe(smart.toLowerCase())

  // FRAME-14: the mined status made the modal init the smart account again, so smartAccountDeployed turned
  // true on this page, with no reload or reconnect; the smart account is still the one acting.
  await expect(smartAccount).toHaveText('Smart account; smart account deployed', { timeout: 20_000 })
  await expect(account).toHaveText(`Connected: ${smart}`)
})
