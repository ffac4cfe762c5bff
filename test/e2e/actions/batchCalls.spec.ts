import { readFileSync } from 'node:fs'
import { type Address, createPublicClient, erc20Abi, type Hex, http, parseEther } from 'viem'
import { localNetwork } from '../../../services/index.js'
import { connectTestWallet as connectOnDemo, expect, test } from '../modal/fixtures.js'
import { connectTestWallet } from './connectTestWallet.js'

/** Where examples/actions' batch sends 0.01 tETH and 1 tUSD (examples/demo/src/demoTransfers.ts). */
const recipient: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

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
  const balances = () =>
    Promise.all([
      reader.getBalance({ address: recipient }),
      reader.readContract({
        address: contracts.testUsd,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [recipient],
      }),
    ])
  const [ethBefore, usdBefore] = await balances()

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
    recipient.toLowerCase(),
    contracts.testUsd.toLowerCase(),
  ])

  // Both receipts are in the status, each a successful transaction on the chain.
  const hashes = ((await status.textContent()) ?? '').match(/0x[0-9a-f]{64}(?= success)/g) ?? []
  expect(hashes).toHaveLength(2)
  for (const hash of hashes)
    expect((await reader.getTransactionReceipt({ hash: hash as Hex })).status).toBe('success')
  const [ethAfter, usdAfter] = await balances()
  expect(ethAfter - ethBefore).toBe(parseEther('0.01'))
  expect(usdAfter - usdBefore).toBe(1_000_000n)
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
