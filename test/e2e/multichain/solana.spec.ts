import { ed25519 } from '@noble/curves/ed25519.js'
import type { Page } from '@playwright/test'
import { base58 } from '@scure/base'
import { address, createSolanaRpc, generateKeyPairSigner } from '@solana/kit'
import { formatUnits } from 'viem'
import { formatAmount } from '../../../modal/index.js'
import { testWalletInfo } from '../../support/browserWallet.js'
import { installSolanaTestWallet } from '../../support/solanaWallet/index.js'
import { expect, test } from '../modal/fixtures.js'

test.describe.configure({ timeout: 120_000 })

const dialog = (page: Page) => page.getByRole('dialog')
const walletRow = (page: Page, name: string) => dialog(page).getByRole('button', { name: new RegExp(name) })
const accountText = (page: Page) => page.getByTestId('mc-account')

/** Opens the modal from the page's button (Connect when nothing is connected, Account otherwise). */
async function openModal(page: Page): Promise<void> {
  await page.locator('appkit-button').getByRole('button').click()
  await expect(dialog(page)).toBeVisible()
}

/** Account → network → `name`: the modal's own way to change network, and with it the active chain family. */
async function chooseNetwork(page: Page, name: string): Promise<void> {
  // After a switch the modal stays on Account: it may be open already.
  if (!(await dialog(page).isVisible())) await openModal(page)
  await dialog(page).getByTestId('account-network').click()
  await dialog(page).getByRole('button', { name }).click()
}

/** The base58 signature and the signed text the page printed, verified against the wallet's key. */
function verifyPrinted(text: string, publicKey: string): boolean {
  const signature = /signature: (\w+)/.exec(text)?.[1] ?? ''
  const message = /message: ([\s\S]*)\nsignature:/.exec(text)?.[1] ?? ''
  return ed25519.verify(base58.decode(signature), new TextEncoder().encode(message), base58.decode(publicKey))
}

test('CONN-13 examples/multichain: Solana wallets found in both orders, connected beside an EVM wallet, signing, SOL and tUSD sends, a second Solana network, a silent reconnect and the active chain switched from the modal', async ({
  page,
  stack,
  wallet: evmWallet,
}) => {
  const rpc = { 'solana:localnet': stack.solana.rpcUrl, 'solana:devnet': stack.solanaDevnet.rpcUrl }
  // The same name as the EVM test wallet: one wallet serving both families, listed once.
  const solanaWallet = await installSolanaTestWallet(page, { name: testWalletInfo.name, rpc })
  const late = await installSolanaTestWallet(page, { name: 'Late Solana', key: 1, rpc, registerAt: 'later' })
  await page.goto(`${stack.demoUrl}/multichain/`)
  await openModal(page)
  await expect(walletRow(page, testWalletInfo.name)).toHaveCount(1)
  await expect(walletRow(page, testWalletInfo.name)).toContainText(`${testWalletInfo.name} · EVM · Solana`)
  await late.register()
  await expect(walletRow(page, 'Late Solana')).toBeVisible()
  await late.unregister()
  await expect(walletRow(page, 'Late Solana')).toHaveCount(0)
  await expect(walletRow(page, testWalletInfo.name)).toBeVisible()

  // EVM is active first (Anvil is the first network): the pick connects the wallet's EVM side.
  await walletRow(page, testWalletInfo.name).click()
  await expect(accountText(page)).toContainText(`eip155: ${evmWallet.address}`)
  await chooseNetwork(page, 'Solana Local')
  await walletRow(page, testWalletInfo.name).click()
  await expect(accountText(page)).toContainText(`solana: ${solanaWallet.address} on Solana Local`)
  await expect(accountText(page)).toContainText(`eip155: ${evmWallet.address}`)
  await expect(accountText(page)).toContainText('Active: solana')
  const chain = createSolanaRpc(stack.solana.rpcUrl)
  const owner = address(solanaWallet.address)
  const lamports = (await chain.getBalance(owner).send()).value
  await openModal(page)
  await expect(dialog(page).getByTestId('account-address')).toHaveAttribute('title', solanaWallet.address)
  await expect(dialog(page).getByTestId('account-balance')).toHaveText(
    `${formatAmount(formatUnits(lamports, 9), 'en')} SOL`,
  )
  // Its Tokens tab reads the api's Solana balances: SOL and the test token.
  await expect(dialog(page).getByTestId('token').filter({ hasText: 'Test USD' })).toContainText(
    '1,000.00 tUSD',
  )
  await page.keyboard.press('Escape')

  await page.getByTestId('mc-sign').click()
  await expect(page.getByTestId('mc-signature')).toContainText('signature: ')
  expect(
    verifyPrinted((await page.getByTestId('mc-signature').textContent()) ?? '', solanaWallet.address),
  ).toBe(true)
  await page.getByTestId('mc-sign-in').click()
  await expect(page.getByTestId('mc-signature')).toContainText(`signed in: ${solanaWallet.address}`)
  const signIn = (await page.getByTestId('mc-signature').textContent()) ?? ''
  expect(signIn).toContain('wants you to sign in with your Solana account:')
  expect(verifyPrinted(signIn, solanaWallet.address)).toBe(true)
  expect(solanaWallet.calls.map((c) => c.method)).toContain('solana:signIn')

  const before = (await chain.getBalance(owner).send()).value
  const solRecipient = (await generateKeyPairSigner()).address
  await page.getByTestId('mc-to').fill(solRecipient)
  await page.getByTestId('mc-amount').fill('0.1')
  await page.getByTestId('mc-send').click()
  await expect(page.getByTestId('mc-transaction')).toContainText('confirmed: ')
  expect((await chain.getBalance(owner).send()).value).toBe(before - 100_000_000n - 5_000n)
  expect((await chain.getBalance(solRecipient).send()).value).toBe(100_000_000n)

  const tokenRecipient = (await generateKeyPairSigner()).address
  await page.getByTestId('mc-token').selectOption({ label: 'tUSD' })
  await page.getByTestId('mc-to').fill(tokenRecipient)
  await page.getByTestId('mc-amount').fill('1')
  await page.getByTestId('mc-transaction').evaluate((output) => {
    output.textContent = ''
  })
  await page.getByTestId('mc-send').click()
  await expect(page.getByTestId('mc-transaction')).toContainText('confirmed: ')
  const { value: accounts } = await chain
    .getTokenAccountsByOwner(
      tokenRecipient,
      { mint: address(stack.solana.testUsdMint) },
      { encoding: 'jsonParsed' },
    )
    .send()
  expect(accounts.map((a) => a.account.data.parsed.info.tokenAmount.uiAmountString)).toEqual(['1'])
  // Account's Activity tab reads the api's Solana transfers.
  await openModal(page)
  await dialog(page).getByTestId('account-tab-2').click()
  await expect(dialog(page).getByTestId('activity-item').first()).toContainText('1.00 tUSD')
  await page.keyboard.press('Escape')

  await chooseNetwork(page, 'Solana Devnet (local)')
  await expect(accountText(page)).toContainText(`solana: ${solanaWallet.address} on Solana Devnet (local)`)

  const connectsBefore = solanaWallet.calls.length
  await page.reload()
  // Back where it was: both wallets, Solana active, on the network chosen last.
  await expect(accountText(page)).toContainText('Active: solana')
  await expect(accountText(page)).toContainText(`solana: ${solanaWallet.address} on Solana Devnet (local)`)
  await expect(accountText(page)).toContainText(`eip155: ${evmWallet.address}`)
  expect(solanaWallet.calls.slice(connectsBefore)).toContainEqual({
    method: 'standard:connect',
    params: { silent: true },
  })

  await chooseNetwork(page, 'Anvil')
  await expect(accountText(page)).toContainText('Active: eip155')
  await chooseNetwork(page, 'Solana Local')
  await expect(accountText(page)).toContainText('Active: solana')
  await expect(accountText(page)).toContainText(`solana: ${solanaWallet.address} on Solana Local`)
  await expect(accountText(page)).toContainText(`eip155: ${evmWallet.address}`)
})
