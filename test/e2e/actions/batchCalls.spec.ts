import { readFileSync } from 'node:fs'
import { type Address, createPublicClient, type Hex, http } from 'viem'
import { demoRecipient } from '../../../examples/demo/src/demoTransfers.js'
import { localNetwork } from '../../../services/index.js'
import { connectTestWallet as connectOnDemo, expect, test } from '../modal/fixtures.js'
import { watchBatchRecipient } from './batchRecipient.js'
import { connectTestWallet } from './connectTestWallet.js'

/**
 * Issue 36, acceptance 2, on examples/actions: "Send two transfers in one batch" from the injected test
 * wallet, which has no EIP-5792 (it answers wallet_sendCalls with 4200): the modal sends the two calls as
 * two transactions, and wallet_getCallsStatus of the modal's id reports both receipts.
 */
test('the injected test wallet without EIP-5792 sends the batch as sequential transactions, and the status reports both', async ({
  page,
  stack,
  wallet,
}) => {
  const { contracts } = JSON.parse(readFileSync(stack.stackFile, 'utf8')) as {
    contracts: { testUsd: Address }
  }
  const reader = createPublicClient({
    chain: localNetwork(stack.chain.rpcUrl, stack.chain.chainId),
    transport: http(stack.chain.rpcUrl),
  })
  const recipient = await watchBatchRecipient(reader, contracts.testUsd)

  await connectTestWallet(page, stack, wallet.address)
  await page.getByTestId('send-batch').click()
  const status = page.getByTestId('batch-status')
  await expect(status).toContainText('confirmed (200), 2 transactions', { timeout: 30_000 })

  // The wallet refused the batch as a whole, then was asked for one transaction per call, in order.
  const asked = wallet.calls.filter(
    (c) => c.method === 'wallet_sendCalls' || c.method === 'eth_sendTransaction',
  )
  expect(asked.map((c) => c.method)).toEqual([
    'wallet_sendCalls',
    'eth_sendTransaction',
    'eth_sendTransaction',
  ])
  expect(asked.slice(1).map((c) => (c.params[0] as { to: string }).to.toLowerCase())).toEqual([
    demoRecipient.toLowerCase(),
    contracts.testUsd.toLowerCase(),
  ])

  // Both receipts are in the status, each a successful transaction on the chain.
  const hashes = ((await status.textContent()) ?? '').match(/0x[0-9a-f]{64}(?= success)/g) ?? []
  expect(hashes).toHaveLength(2)
  for (const hash of hashes)
    expect((await reader.getTransactionReceipt({ hash: hash as Hex })).status).toBe('success')
  await recipient.expectOneBatch()
})

/**
 * The demo's batch goes through wagmi (useSendCalls, useCallsStatus) and the WagmiAdapter's connector: the
 * same fallback answers wagmi, whose status reads success once both transactions are in.
 */
test("the demo's batch through wagmi's useSendCalls and useCallsStatus reports success with both transactions", async ({
  page,
  stack,
  wallet,
}) => {
  await connectOnDemo(page, stack.demoUrl, wallet.address)
  await page.getByTestId('send-batch').click()
  await expect(page.getByTestId('batch-status')).toHaveText('success (200), 2 transactions', {
    timeout: 30_000,
  })
  expect(wallet.calls.filter((c) => c.method === 'eth_sendTransaction')).toHaveLength(2)
})
