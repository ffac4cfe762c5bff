import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  isAddressEqual,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { routerAbi } from '../../../modal/swaps/uniswapV2Abi.js'
import { devPrivateKeys, localNetwork } from '../../../services/index.js'
import type { TestWallet } from '../../support/testWallet.js'
import { tokenBalance } from '../../support/tokenBalance.js'
import { type DemoStack, expect, test } from '../modal/fixtures.js'
import { connectTestWallet } from './connectTestWallet.js'

/**
 * Issue 15, acceptance 2, on examples/actions (swaps on): swaps on the stack's own Uniswap V2 through
 * Account → Swap with the injected test wallet, checked against the chain.
 */
type StackFile = {
  pages: { actions: string }
  contracts: { uniswapRouter: Address; weth: Address; testUsdc: Address; testDai: Address }
}
const stackFile = (stack: DemoStack) => JSON.parse(readFileSync(stack.stackFile, 'utf8')) as StackFile
const chainOf = (stack: DemoStack) => localNetwork(stack.chain.rpcUrl, stack.chain.chainId)
const reader = (stack: DemoStack) =>
  createPublicClient({ chain: chainOf(stack), transport: http(stack.chain.rpcUrl) })
const writer = (stack: DemoStack, key: Hex) =>
  createWalletClient({
    account: privateKeyToAccount(key),
    chain: chainOf(stack),
    transport: http(stack.chain.rpcUrl),
  })

/** The transactions the page asked the wallet to send, in order. */
const sent = (wallet: TestWallet) =>
  wallet.calls
    .filter((call) => call.method === 'eth_sendTransaction')
    .map((call) => call.params[0] as { to: Address; data: Hex; value?: Hex })

/** The hashes of the wallet account's transactions mined after `fromBlock`, in order. */
async function sentHashes(stack: DemoStack, wallet: TestWallet, fromBlock: bigint): Promise<Hex[]> {
  const client = reader(stack)
  const latest = await client.getBlockNumber()
  const hashes: Hex[] = []
  for (let n = fromBlock + 1n; n <= latest; n++) {
    const block = await client.getBlock({ blockNumber: n, includeTransactions: true })
    for (const tx of block.transactions) if (isAddressEqual(tx.from, wallet.address)) hashes.push(tx.hash)
  }
  return hashes
}

/** A displayed amount ("2,468.1234 tUSDC") in the token's smallest unit. */
const displayed = (text: string | null, decimals: number) =>
  parseUnits((/([\d,]+(?:\.\d+)?)/.exec(text ?? '')?.[1] ?? '0').replaceAll(',', ''), decimals)

async function openSwap(page: Page, stack: DemoStack, address: string) {
  await connectTestWallet(page, stack, address)
  await page.getByTestId('account-button').click()
  await page.getByRole('dialog').getByTestId('account-swap').click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByTestId('swap')).toBeVisible()
  return dialog
}

async function pick(page: Page, side: 'from' | 'to', symbol: string) {
  const dialog = page.getByRole('dialog')
  await dialog.getByTestId(`swap-${side}`).click()
  await dialog.getByTestId(`swap-token-${symbol}`).click()
  await expect(dialog.getByTestId(`swap-${side}`)).toHaveText(symbol)
}

/** Fills the amount, waits for its quote and opens the preview. */
async function preview(page: Page, amount: string) {
  const dialog = page.getByRole('dialog')
  await dialog.getByTestId('swap-amount').fill(amount)
  await expect(dialog.getByTestId('swap-quote')).toHaveText(/^[\d,]+(\.\d+)?$/, { timeout: 15_000 })
  await dialog.getByTestId('swap-review').click()
  await expect(dialog.getByTestId('preview-min')).toBeVisible({ timeout: 15_000 })
  return dialog
}

test('a swap of 1 tETH for tUSDC on the local Uniswap V2 shows its quote, price impact, 1 % slippage and minimum, then succeeds: tETH falls by the amount plus gas, tUSDC rises by at least the minimum', async ({
  page,
  stack,
  wallet,
}) => {
  const { contracts } = stackFile(stack)
  const client = reader(stack)
  const dialog = await openSwap(page, stack, wallet.address)
  await pick(page, 'from', 'tETH')
  await pick(page, 'to', 'tUSDC')
  await preview(page, '1')
  await expect(dialog.getByTestId('preview-from')).toHaveText('1 tETH')
  // The pool was seeded at 2500 tUSDC per tETH: 1 tETH buys a little less (0.3 % fee, 0.1 % of the pool).
  await expect(dialog.getByTestId('preview-to')).toHaveText(/^2,4[89]\d\.\d+ tUSDC$/)
  await expect(dialog.getByTestId('preview-impact')).toHaveText(/^0\.\d+ %$/)
  await expect(dialog.getByTestId('preview-slippage')).toHaveText('1 %')
  const quoted = displayed(await dialog.getByTestId('preview-to').textContent(), 6)
  const shownMin = displayed(await dialog.getByTestId('preview-min').textContent(), 6)
  expect(shownMin).toBeLessThan(quoted)
  // Both read with four decimals, cut: the 1 % floor within 0.0001 tUSDC.
  expect(shownMin).toBeGreaterThanOrEqual((quoted * 99n) / 100n - 100n)
  await expect(dialog.getByTestId('swap-approval-needed')).toHaveCount(0)

  const before = await client.getBlockNumber()
  const ethBefore = await client.getBalance({ address: wallet.address })
  const usdcBefore = await tokenBalance(client, contracts.testUsdc, wallet.address)
  await dialog.getByTestId('swap-confirm').click()
  await expect(dialog.getByTestId('swap-success')).toContainText(/Swapped 1 tETH for 2,4[89]\d\.\d+ tUSDC/, {
    timeout: 20_000,
  })

  const [hash] = await sentHashes(stack, wallet, before)
  const receipt = await client.getTransactionReceipt({ hash: hash as Hex })
  expect(receipt.status).toBe('success')
  expect(await dialog.getByTestId('swap-hash').getAttribute('title')).toBe(hash)
  const [tx] = sent(wallet)
  expect(tx?.to.toLowerCase()).toBe(contracts.uniswapRouter.toLowerCase())
  const call = decodeFunctionData({ abi: routerAbi, data: tx?.data ?? '0x' })
  expect(call.functionName).toBe('swapExactETHForTokens')
  const amountOutMin = call.args[0] as bigint
  expect(amountOutMin).toBeGreaterThanOrEqual(shownMin)

  const ethAfter = await client.getBalance({ address: wallet.address })
  expect(ethBefore - ethAfter).toBe(parseEther('1') + receipt.gasUsed * receipt.effectiveGasPrice)
  const usdcAfter = await tokenBalance(client, contracts.testUsdc, wallet.address)
  expect(usdcAfter - usdcBefore).toBeGreaterThanOrEqual(amountOutMin)
})

test('a swap of tUSDC for tDAI says an approval is needed, sends the exact-amount approve first (the allowance is the amount on chain before the swap spends it), then the swap', async ({
  page,
  stack,
  wallet,
}) => {
  const { contracts } = stackFile(stack)
  const client = reader(stack)
  const amount = parseUnits('100', 6)
  // Dev account 1 is the test USDC's minter.
  const minter = writer(stack, devPrivateKeys[1] as Hex)
  await client.waitForTransactionReceipt({
    hash: await minter.writeContract({
      address: contracts.testUsdc,
      abi: parseAbi(['function mint(address to, uint256 value)']),
      functionName: 'mint',
      args: [wallet.address, amount],
    }),
  })
  const allowance = (blockNumber?: bigint) =>
    client.readContract({
      address: contracts.testUsdc,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [wallet.address, contracts.uniswapRouter],
      ...(blockNumber === undefined ? {} : { blockNumber }),
    })
  expect(await allowance()).toBe(0n)
  const daiBefore = await tokenBalance(client, contracts.testDai, wallet.address)

  const dialog = await openSwap(page, stack, wallet.address)
  await pick(page, 'from', 'tUSDC')
  await pick(page, 'to', 'tDAI')
  await preview(page, '100')
  await expect(dialog.getByTestId('swap-approval-needed')).toHaveText(
    'The router needs your approval to spend 100 tUSDC first.',
  )
  const shownMin = displayed(await dialog.getByTestId('preview-min').textContent(), 18)
  const before = await client.getBlockNumber()
  await dialog.getByTestId('swap-confirm').click()
  await expect(dialog.getByTestId('swap-success')).toContainText(/Swapped 100 tUSDC for 9\d\.\d+ tDAI/, {
    timeout: 20_000,
  })

  const [approveTx, swapTx] = sent(wallet)
  expect(sent(wallet)).toHaveLength(2)
  expect(approveTx?.to.toLowerCase()).toBe(contracts.testUsdc.toLowerCase())
  const approve = decodeFunctionData({ abi: erc20Abi, data: approveTx?.data ?? '0x' })
  expect(approve.functionName).toBe('approve')
  expect(approve.args).toEqual([expect.stringMatching(new RegExp(contracts.uniswapRouter, 'i')), amount])
  expect(swapTx?.to.toLowerCase()).toBe(contracts.uniswapRouter.toLowerCase())
  const swap = decodeFunctionData({ abi: routerAbi, data: swapTx?.data ?? '0x' })
  expect(swap.functionName).toBe('swapExactTokensForTokens')

  const [approveHash, swapHash] = await sentHashes(stack, wallet, before)
  const approved = await client.getTransactionReceipt({ hash: approveHash as Hex })
  const swapped = await client.getTransactionReceipt({ hash: swapHash as Hex })
  expect([approved.status, swapped.status]).toEqual(['success', 'success'])
  expect(swapped.blockNumber).toBeGreaterThan(approved.blockNumber)
  expect(await allowance(approved.blockNumber)).toBe(amount)
  expect(await allowance()).toBe(0n)
  const daiAfter = await tokenBalance(client, contracts.testDai, wallet.address)
  expect(daiAfter - daiBefore).toBeGreaterThanOrEqual(swap.args[1] as bigint)
  expect(swap.args[1] as bigint).toBeGreaterThanOrEqual(shownMin)
})

test('a quote the pool moved past the 1 % slippage after the preview is refused with a clear message and never reaches the wallet', async ({
  page,
  stack,
  wallet,
}) => {
  // The refusal is seen at once; the held-back new quote comes with the next re-quote, up to 10 s later.
  test.setTimeout(60_000)
  const { contracts } = stackFile(stack)
  const client = reader(stack)
  const dialog = await openSwap(page, stack, wallet.address)
  await pick(page, 'from', 'tETH')
  await pick(page, 'to', 'tUSDC')
  await preview(page, '1')

  // Another trader buys tUSDC with 100 tETH (a tenth of the pool): the price moves about 20 %.
  const trader = writer(stack, devPrivateKeys[2] as Hex)
  const block = await client.getBlock()
  await client.waitForTransactionReceipt({
    hash: await trader.writeContract({
      address: contracts.uniswapRouter,
      abi: routerAbi,
      functionName: 'swapExactETHForTokens',
      args: [0n, [contracts.weth, contracts.testUsdc], trader.account.address, block.timestamp + 600n],
      value: parseEther('100'),
    }),
  })

  await dialog.getByTestId('swap-confirm').click()
  await expect(dialog.getByTestId('swap-failure')).toHaveText(
    'The price moved more than your 1 % slippage since this quote: the swap was not sent. Review the new quote.',
  )
  await expect(dialog.getByTestId('swap-accept-new')).toBeVisible({ timeout: 15_000 })
  expect(sent(wallet)).toEqual([])
})
